import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { p2wpkh, WIF } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { chainNetworks, chainPayoutBatches, chainUtxos } from '../../../db/schema';
import { type ChainTestSeams, createTestApp, type TestApp } from '../../../test/test-app';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { startChains, waitFor } from '../dev-chains.test-helpers';
import { startLitecoind } from './litecoind';
import type { LtcChains } from './ltc.test-helpers';
import { randomTestXpub } from './ltc.test-helpers';
import { utxoTxNetwork } from './tx-network';

export interface LtcPayoutChains extends LtcChains {
  /** The LTC hot wallet's address (its key is in the file LTC_HOT_WALLET_KEY_FILE names). */
  hot: string;
}

/**
 * The anvil chains and a litecoind regtest node that takes replacements (-mempoolreplacement=1), with
 * an LTC hot wallet key in a file: the settings of an installation that pays LTC by itself.
 */
export async function startLtcPayoutChains(o: { confirmations?: number } = {}): Promise<LtcPayoutChains> {
  const [evm, ltc] = await Promise.all([
    startChains({ confirmations: 2 }),
    startLitecoind({ replacement: true }),
  ]);
  const net = utxoTxNetwork('LTC', 'regtest');
  const key = randomBytes(32);
  const hot = p2wpkh(pubECDSA(key), net.params).address as string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-ltc-key-'));
  const keyFile = path.join(dir, 'hot.wif');
  writeFileSync(keyFile, WIF(net.params).encode(key), { mode: 0o600 });
  const xpub = randomTestXpub();
  return {
    evm,
    ltc,
    xpub,
    hot,
    env: {
      ...evm.env,
      LTC_RPC_URL: ltc.url,
      LTC_XPUB: xpub,
      LTC_NETWORK: 'regtest',
      LTC_CONFIRMATIONS: String(o.confirmations ?? 2),
      LTC_HOT_WALLET_KEY_FILE: keyFile,
      LTC_FEE_RATE_MIN: '2',
      LTC_FEE_RATE_MAX: '100',
    },
    stop: async () => {
      await Promise.all([evm.stop(), ltc.stop()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An app watching ETH, BSC and LTC with the LTC hot wallet, once it has read each of them. */
export async function ltcPayoutApp(
  chains: LtcPayoutChains,
  env: Record<string, string> = {},
  chainTest?: ChainTestSeams,
): Promise<TestApp> {
  const t = await createTestApp({ env: { ...chains.env, ...env }, ...(chainTest ? { chainTest } : {}) });
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

/**
 * Pays the hot wallet these amounts (LTC), one output each, mined the network's confirmations deep
 * (only final outputs are spent by payouts); waits until the scanner has them.
 */
export async function fundHot(t: TestApp, chains: LtcPayoutChains, amounts: string[]): Promise<string> {
  const before = (await hotOutputs(t)).length;
  let txid = '';
  for (const a of amounts) txid = await chains.ltc.rpc.call<string>('sendtoaddress', [chains.hot, a]);
  await chains.ltc.mine(Number(chains.env.LTC_CONFIRMATIONS ?? '2'));
  await waitFor(
    async () => (await hotOutputs(t)).length >= before + amounts.length,
    20_000,
    'hot outputs seen',
  );
  return txid;
}

export const hotOutputs = (t: TestApp) =>
  t.services.db.select().from(chainUtxos).where(eq(chainUtxos.network, 'LTC'));
export const batches = (t: TestApp) => t.services.db.select().from(chainPayoutBatches);

/**
 * A transaction as the node has it (in its pool, or in block `blockhash`): its outputs (address →
 * litoshis), and its fee from the hot wallet's recorded outputs it spends.
 */
export async function onChain(t: TestApp, chains: LtcPayoutChains, txid: string, blockhash?: string) {
  const tx = await chains.ltc.rpc.call<{
    vin: { txid: string; vout: number }[];
    vout: { value: string; scriptPubKey: { address?: string; addresses?: string[] } }[];
  }>('getrawtransaction', blockhash ? [txid, true, blockhash] : [txid, true]);
  const sats = (v: string) => BigInt(new Decimal(v).mul(1e8).toFixed(0));
  const mine = await hotOutputs(t);
  let inSum = 0n;
  for (const i of tx.vin) {
    const u = mine.find((m) => m.txid === i.txid && m.vout === i.vout);
    if (!u) throw new Error(`${txid} spends ${i.txid}:${i.vout}, not a hot wallet output`);
    inSum += u.amount;
  }
  const outputs = tx.vout.map((v) => ({
    address: v.scriptPubKey.address ?? v.scriptPubKey.addresses?.[0] ?? '',
    amount: sats(v.value),
  }));
  return { outputs, fee: inSum - outputs.reduce((s, o) => s + o.amount, 0n) };
}

export interface LtcPayoutSuite {
  chains: LtcPayoutChains;
  t: TestApp;
  admin: { id: string; token: string };
}

/**
 * The set-up the LTC payout tests share: a regtest node with the dev chains, an app watching them
 * (with `env`) and an admin, started before the file's tests and stopped after them. `set` receives
 * them once started (the file keeps them in its own variables).
 */
export function ltcPayoutSuite(
  o: { confirmations?: number; env?: Record<string, string>; chainTest?: ChainTestSeams },
  set: (s: LtcPayoutSuite) => void,
): void {
  let s: Partial<LtcPayoutSuite> = {};
  beforeAll(async () => {
    const chains = await startLtcPayoutChains(o.confirmations ? { confirmations: o.confirmations } : {});
    s = { chains };
    const t = await ltcPayoutApp(chains, o.env ?? {}, o.chainTest);
    s.t = t;
    s.admin = await makeUser(t, { role: 'admin' });
    set(s as LtcPayoutSuite);
  }, 120_000);
  afterAll(async () => {
    await s.t?.close();
    await s.chains?.stop();
  });
}
