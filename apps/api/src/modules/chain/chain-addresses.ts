import { CHAIN_ERRORS } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ensureNetwork } from './chain.repository';
import type { ChainAdapter, WatchedAsset } from './chain.types';
import {
  userAddress as findUserAddress,
  insertAddress,
  insertClaim,
  takeAddressIndex,
} from './chain-addresses.repository';
import { claimNetworkOf, type NetworkId } from './chain-networks';
import { canonicalHash } from './tx-hash';

/**
 * Deposit addresses (one per guest exchange, one per user and network, derived from the operator's
 * extended public key) and the hash claims of the networks that are not watched.
 */
export function createChainAddresses(deps: {
  db: Db;
  adapterOf: (network: NetworkId) => ChainAdapter | undefined;
  watched: (ticker: string) => WatchedAsset | undefined;
  /** Whether an address is one of the hot wallets: such an index is skipped, never handed out. */
  isHotWallet: (address: string) => boolean;
  log: FastifyBaseLogger;
}) {
  const { db, adapterOf, watched } = deps;

  /**
   * Takes the network's next deposit address for a new exchange, in the caller's transaction
   * (the exchange row and its address commit together); call bindExchange once the row exists.
   */
  async function reserveAddress(tx: DbOrTx, network: NetworkId): Promise<{ index: number; address: string }> {
    const adapter = adapterOf(network);
    if (!adapter) throw new Error(`${network} is not watched`);
    // Until the network has been read once there is no block to watch the address from.
    if ((await ensureNetwork(tx, network)).scannedBlock === null)
      throw new AppError(503, 'NETWORK_UNAVAILABLE', CHAIN_ERRORS.networkUnavailable(network), undefined, {
        network,
      });
    for (;;) {
      const index = await takeAddressIndex(tx, network);
      const { address } = adapter.depositAddress(index);
      if (!deps.isHotWallet(address)) return { index, address };
      // Past the window checked at start (chain-keys.ts): the index is used up, never handed out.
      deps.log.error(
        { network, index },
        `${network}: ALERT deposit address ${index} is a hot wallet (${address}); skipped. Give the hot wallet a key outside the deposit account`,
      );
    }
  }

  /** Records the reserved address as the new exchange's, in the same transaction. */
  async function bindExchange(
    tx: DbOrTx,
    network: NetworkId,
    reserved: { index: number; address: string },
    exchangeId: string,
  ) {
    await insertAddress(tx, { network, ...reserved, purpose: 'exchange', exchangeId });
  }

  /** The user's own deposit address on the asset's network (made on first use, kept for good). */
  async function userAddress(
    userId: string,
    ticker: string,
  ): Promise<{ address: string; watched: WatchedAsset } | undefined> {
    const w = watched(ticker);
    if (!w) return undefined;
    const found = await findUserAddress(db, w.network, userId);
    if (found) return { address: found.address, watched: w };
    await db
      .transaction(async (tx) => {
        const reserved = await reserveAddress(tx, w.network);
        await insertAddress(tx, { network: w.network, ...reserved, purpose: 'user', userId });
      })
      .catch(async (err) => {
        // Two first uses at once: the other one's address stands.
        if (!(await findUserAddress(db, w.network, userId))) throw err;
      });
    const row = await findUserAddress(db, w.network, userId);
    return row ? { address: row.address, watched: w } : undefined;
  }

  /**
   * Claims a hash typed for a network that is not watched (DECISIONS §10): one exchange, deposit or
   * withdrawal per hash and network, enforced by the database, in the hash's one form (decision 0040: the
   * caller has checked it; the database refuses another form). False when it is claimed already.
   */
  function claimHash(
    tx: DbOrTx,
    c: { ticker: string; hash: string; exchangeId?: string; depositId?: string; withdrawalId?: string },
  ) {
    return insertClaim(tx, {
      network: claimNetworkOf(c.ticker),
      txHash: canonicalHash(c.ticker, c.hash) ?? c.hash,
      ...(c.exchangeId ? { exchangeId: c.exchangeId } : {}),
      ...(c.depositId ? { depositId: c.depositId } : {}),
      ...(c.withdrawalId ? { withdrawalId: c.withdrawalId } : {}),
    });
  }

  return { reserveAddress, bindExchange, userAddress, claimHash };
}
