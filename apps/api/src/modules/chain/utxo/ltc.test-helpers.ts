import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { HDKey } from '@scure/bip32';
import { chainNetworks } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Chains, startChains, waitFor } from '../dev-chains.test-helpers';
import type { Litecoind } from './litecoind';
import { startLitecoind } from './litecoind';
import { UtxoRpcError } from './rpc';

export interface LtcChains {
  evm: Chains;
  ltc: Litecoind;
  /** The LTC account key (tpub: regtest) the deposit addresses come from. */
  xpub: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A fresh BIP 84 account key for regtest (m/84'/1'/0', in its tpub form). */
export function randomTestXpub(): string {
  return HDKey.fromMasterSeed(randomBytes(32), { public: 0x043587cf, private: 0x04358394 }).derive(
    "m/84'/1'/0'",
  ).publicExtendedKey;
}

/** The anvil chains (ETH, BSC) and a litecoind regtest node, with the settings that watch all three. */
export async function startLtcChains(
  o: { confirmations?: number; xpub?: string; origin?: string } = {},
): Promise<LtcChains> {
  const [evm, ltc] = await Promise.all([startChains({ confirmations: 3 }), startLitecoind()]);
  const xpub = o.xpub ?? randomTestXpub();
  return {
    evm,
    ltc,
    xpub,
    env: {
      ...evm.env,
      LTC_RPC_URL: ltc.url,
      // With its origin ([fingerprint/path]) when given, as wallets export it for sweeps.
      LTC_XPUB: o.origin ? `[${o.origin}]${xpub}` : xpub,
      LTC_NETWORK: 'regtest',
      LTC_CONFIRMATIONS: String(o.confirmations ?? 6),
      LTC_EXPLORER_TX_URL: 'https://explorer.test/ltc/tx/{hash}',
    },
    stop: async () => {
      await Promise.all([evm.stop(), ltc.stop()]);
    },
  };
}

/** An app watching ETH, BSC and LTC, once it has read each of them. */
export async function ltcApp(chains: LtcChains, logStream?: Writable): Promise<TestApp> {
  const t = await createTestApp({ env: chains.env, ...(logStream ? { logStream } : {}) });
  await waitFor(
    async () => {
      const rows = await t.services.db.select().from(chainNetworks);
      return rows.length === 3 && rows.every((r) => r.scannedBlock !== null);
    },
    30_000,
    'the three networks read once',
  );
  return t;
}

/** The customer's wallet: the node's own wallet pays `outputs` (address → LTC) in one transaction. */
export async function pay(ltc: Litecoind, outputs: Record<string, string>): Promise<string> {
  return ltc.rpc.call<string>('sendmany', ['', outputs]);
}

/**
 * One transaction with two outputs to the same address (0.21's sendmany and createrawtransaction
 * refuse a repeated address): built with a stand-in output of the node's wallet, whose script is
 * then swapped for the deposit address's (both P2WPKH, same length), funded, signed and sent.
 */
export async function payTwice(ltc: Litecoind, to: string, a: string, b: string): Promise<string> {
  const standIn = await ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
  const script = async (address: string) =>
    (await ltc.rpc.call<{ scriptPubKey: string }>('validateaddress', [address])).scriptPubKey;
  const [mine, theirs] = [await script(standIn), await script(to)];
  const raw = await ltc.rpc.call<string>('createrawtransaction', [[], [{ [to]: a }, { [standIn]: b }]]);
  if (raw.split(mine).length !== 2)
    throw new UtxoRpcError('the stand-in output is not unique', undefined, undefined);
  const funded = await ltc.rpc.call<{ hex: string }>('fundrawtransaction', [raw.replace(mine, theirs)]);
  const signed = await ltc.rpc.call<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [
    funded.hex,
  ]);
  if (!signed.complete) throw new UtxoRpcError('the wallet could not sign', undefined, undefined);
  return ltc.rpc.call<string>('sendrawtransaction', [signed.hex]);
}
