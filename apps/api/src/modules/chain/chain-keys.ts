import { CHAIN_ERRORS } from '@vaultline/shared';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chainAddresses } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { ChainAdapter } from './chain.types';

/**
 * Deposit indices a hot wallet is compared with at start: BIP44's gap limit, the addresses a wallet
 * shows for an account (a hot wallet taken from the operator's deposit wallet is one of these).
 * Every address handed out before is compared too (from the database), and every new one as it is
 * handed out (chain-addresses.ts), so an index past the window is never given to a customer either.
 */
export const HOT_WALLET_WINDOW = 20;

/** Indices compared between networks: two networks on one account key give the same address at each. */
const SHARED_KEY_WINDOW = 2;

const xpubSetting = (a: ChainAdapter) => `${a.network}_XPUB`;

/**
 * Refuses a start where one address could have two owners (docs/chains.md, "one account key per
 * network"): two networks whose keys derive the same deposit addresses (index i on both would be one
 * address with two owners: coins sent on one network would credit the other's customer), or a hot
 * wallet that is one of the deposit addresses (its payouts would leave from a customer's address,
 * and coins the operator sends it would be credited to that customer). Throws naming the settings.
 */
export async function checkDistinctKeys(db: DbOrTx, adapters: readonly ChainAdapter[]): Promise<void> {
  const problems: string[] = [];
  const firsts = adapters.map((a) => ({
    a,
    addresses: Array.from({ length: SHARED_KEY_WINDOW }, (_, i) =>
      a.normalAddress(a.depositAddress(i).address),
    ),
  }));
  for (let i = 0; i < firsts.length; i++)
    for (let j = i + 1; j < firsts.length; j++) {
      const [x, y] = [firsts[i], firsts[j]];
      if (!x || !y) continue;
      if (x.addresses.some((addr) => y.addresses.includes(addr)))
        problems.push(
          `${xpubSetting(x.a)} and ${xpubSetting(y.a)} derive the same deposit addresses: give each network its own account key (docs/chains.md), or one address would belong to two customers`,
        );
    }
  const hot = adapters.flatMap((a) =>
    a.hotWallet ? [{ network: a.network, address: a.normalAddress(a.hotWallet.address) }] : [],
  );
  if (hot.length > 0) {
    const given = await db
      .select({
        network: chainAddresses.network,
        address: chainAddresses.address,
        index: chainAddresses.index,
      })
      .from(chainAddresses)
      .where(
        inArray(
          chainAddresses.address,
          hot.map((h) => h.address),
        ),
      );
    const windows = new Map<ChainAdapter, string[]>();
    const windowOf = (a: ChainAdapter) => {
      let list = windows.get(a);
      if (!list) {
        list = Array.from({ length: HOT_WALLET_WINDOW }, (_, i) =>
          a.normalAddress(a.depositAddress(i).address),
        );
        windows.set(a, list);
      }
      return list;
    };
    for (const h of hot) {
      let at: { network: string; index: number } | undefined = given.find((g) => g.address === h.address);
      for (const a of adapters) {
        if (at) break;
        const index = windowOf(a).indexOf(h.address);
        if (index >= 0) at = { network: a.network, index };
      }
      if (at)
        problems.push(
          `${h.network}_HOT_WALLET_KEY_FILE holds the key of deposit address ${at.index} of ${at.network}_XPUB (${h.address}): the hot wallet must be a key of its own, outside the deposit account`,
        );
    }
  }
  if (problems.length > 0)
    throw new Error(`the watched networks' keys cannot start:\n- ${problems.join('\n- ')}`);
}

/**
 * Whether an address is one of the hot wallets, EVM or UTXO (never handed out as a deposit address,
 * never paid: a payout to it would book the coins as gone while the chain keeps them there).
 */
export function isHotWallet(adapters: readonly ChainAdapter[], address: string): boolean {
  return adapters.some((a) => {
    const hot = a.hotWallet?.address ?? a.utxoWallet?.address;
    return hot !== undefined && a.normalAddress(hot) === a.normalAddress(address);
  });
}

/** Refuses (400, nothing written) a payout asked to one of the hot wallets. */
export function refuseHotWallet(adapters: readonly ChainAdapter[], address: string): void {
  if (isHotWallet(adapters, address))
    throw badRequest(CHAIN_ERRORS.payoutToHotWallet, 'PAYOUT_TO_HOT_WALLET');
}
