import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { Decimal } from '@vaultline/shared';
import { type ChainNetworkConfig, SecretKey } from '../../chain-config';
import { WATCHABLE_NETWORKS } from './chain-networks';
import { type Litecoind, litecoindInstalled, startLitecoind, toCoin } from './utxo/litecoind';
import { utxoTxNetwork } from './utxo/tx-network';
import { XPUB_VERSIONS } from './utxo/utxo-networks';

/** Sends coins to an address on a demo chain (the "Send test deposit" button). */
export interface Faucet {
  send(ticker: string, to: string, amount: Decimal): Promise<string>;
}

/** What the demo keeps in its LTC hot wallet at least, and tops it up with below that. */
const HOT_FLOOR = new Decimal(10);
const HOT_TOP_UP = new Decimal(100);
/** Fee rates of the demo's payouts (sat/vB): a regtest node has no estimate, so the floor applies. */
const DEMO_FEE_RATES = { feeRateMin: 2, feeRateMax: 100, batchMax: 50 };

/** What the start-up says when demo mode finds no litecoind: LTC stays manual, and how to change that. */
export const DEMO_LTC_MISSING =
  'Demo chains: litecoind is not on the PATH, so LTC deposits use the manual flow (to watch LTC on a local regtest chain: sudo apt-get install litecoind).';

/** A fresh BIP 84 account key for regtest (m/84'/1'/0', its tpub form): watch-only, as in production. */
export function randomRegtestXpub(): string {
  const tpub = XPUB_VERSIONS.tpub?.version ?? 0x043587cf;
  return HDKey.fromMasterSeed(randomBytes(32), { public: tpub, private: 0x04358394 }).derive("m/84'/1'/0'")
    .publicExtendedKey;
}

export interface DemoLtc {
  network: ChainNetworkConfig;
  /** Sends LTC from the node's wallet and mines the blocks that confirm it, one a second. */
  faucet: Faucet;
  /** The coins this start put into the hot wallet (the operator's top-up), booked when LTC joins. */
  funded: { network: 'LTC'; ticker: string; amount: Decimal; reference: string }[];
  /**
   * LTC is watched: once the scanner has read the top-up's block (the newest when it joined), the
   * blocks that make it final are mined, since payouts spend only final outputs (decision 0056).
   */
  joined(scanned: (network: string) => Promise<number | null>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * DEMO MODE ONLY: when `litecoind` is on the PATH, a private Litecoin regtest chain (loopback, free
 * ports, data kept in `<dataDir>/chain/ltc-regtest`, stopped with the server), its wallet funded by
 * mining, watched with the demo's remembered account key, with a hot wallet (the demo's remembered
 * key) topped up from the node's wallet, so LTC payouts go by themselves as on ETH. Blocks are mined
 * while a transaction waits or a test deposit needs confirmations (a regtest chain mines only when
 * told), one a second. Undefined without litecoind (the line saying how to get it is logged) or when
 * it cannot start.
 */
export async function startDemoLtc(
  chainDir: string,
  keys: { xpub: string; hotKey: string },
  confirmations: number,
  log: (line: string) => void,
): Promise<DemoLtc | undefined> {
  if (!litecoindInstalled()) {
    log(DEMO_LTC_MISSING);
    return undefined;
  }
  let node: Litecoind;
  try {
    // 150 blocks: 50 coinbase rewards mature, enough for the hot wallet's top-up and the test deposits.
    node = await startLitecoind({ dataDir: path.join(chainDir, 'ltc-regtest'), fund: 150 });
  } catch (err) {
    log(`Demo chains: litecoind could not start (${String(err)}); LTC deposits use the manual flow.`);
    return undefined;
  }
  let funded: DemoLtc['funded'];
  let fundedAt: number | undefined;
  try {
    funded = await topUpHotWallet(node, keys.hotKey);
    if (funded.length > 0) fundedAt = await node.call<number>('getblockcount');
  } catch (err) {
    await node.stop();
    log(
      `Demo chains: the LTC hot wallet could not be funded (${String(err)}); LTC deposits use the manual flow.`,
    );
    return undefined;
  }
  // Blocks still owed: mined one a second while a transaction waits in the pool (a payout) or a test
  // deposit needs its confirmations, so they come as on ETH.
  let owed = 0;
  let closed = false;
  let mining: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    mining = mining
      .then(async () => {
        const pool = await node.call<{ size: number }>('getmempoolinfo');
        if (pool.size > 0) owed = Math.max(owed, confirmations);
        if (owed <= 0) return;
        owed--;
        await node.mine(1);
      })
      .catch((err: unknown) => log(`Demo LTC chain: a block could not be mined (${String(err)})`));
  }, 1000);
  timer.unref();
  const native = WATCHABLE_NETWORKS.LTC.native;
  return {
    network: {
      network: 'LTC',
      rpcUrl: node.url,
      xpub: keys.xpub,
      confirmations,
      hotWalletKey: new SecretKey(`0x${keys.hotKey}`),
      usdtContract: undefined,
      explorerTxUrl: undefined,
      utxoKind: 'regtest',
      utxoPayouts: DEMO_FEE_RATES,
      dust: { [native]: new Decimal(WATCHABLE_NETWORKS.LTC.defaultDust.native) },
    },
    funded,
    faucet: {
      async send(ticker, to, amount) {
        if (ticker !== native) throw new Error(`${ticker} is not on the demo LTC chain`);
        const litoshis = BigInt(amount.mul(100_000_000).toFixed(0, Decimal.ROUND_DOWN));
        const hash = await node.call<string>('sendtoaddress', [to, toCoin(litoshis)]);
        owed = Math.max(owed, confirmations);
        return hash;
      },
    },
    async joined(scanned) {
      if (fundedAt === undefined) return;
      for (let i = 0; i < 240 && !closed; i++) {
        const read = await scanned('LTC').catch(() => null);
        if (read !== null && read >= fundedAt) {
          owed = Math.max(owed, confirmations);
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    },
    async stop() {
      closed = true;
      clearInterval(timer);
      await mining;
      await node.stop();
    },
  };
}

/**
 * Tops the demo's hot wallet up from the node's wallet when it holds less than HOT_FLOOR, in a block
 * mined now: the newest block, which the scanner reads first when LTC joins, so it records the output.
 */
async function topUpHotWallet(node: Litecoind, hotKey: string): Promise<DemoLtc['funded']> {
  const net = utxoTxNetwork('LTC', 'regtest');
  const hot = p2wpkh(pubECDSA(Buffer.from(hotKey, 'hex')), net.params).address as string;
  const scan = await node.call<{ total_amount: number | string }>('scantxoutset', [
    'start',
    [`addr(${hot})`],
  ]);
  if (new Decimal(String(scan.total_amount)).greaterThanOrEqualTo(HOT_FLOOR)) return [];
  const txid = await node.call<string>('sendtoaddress', [hot, HOT_TOP_UP.toFixed(8)]);
  await node.mine(1);
  return [
    {
      network: 'LTC',
      ticker: WATCHABLE_NETWORKS.LTC.native,
      amount: HOT_TOP_UP,
      reference: `demo:LTC:LTC:${txid}`,
    },
  ];
}
