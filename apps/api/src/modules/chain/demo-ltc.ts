import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { Decimal } from '@vaultline/shared';
import type { ChainNetworkConfig } from '../../chain-config';
import { WATCHABLE_NETWORKS } from './chain-networks';
import { type Litecoind, litecoindInstalled, startLitecoind, toCoin } from './utxo/litecoind';
import { XPUB_VERSIONS } from './utxo/utxo-networks';

/** Sends coins to an address on a demo chain (the "Send test deposit" button). */
export interface Faucet {
  send(ticker: string, to: string, amount: Decimal): Promise<string>;
}

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
  stop(): Promise<void>;
}

/**
 * DEMO MODE ONLY: when `litecoind` is on the PATH, a private Litecoin regtest chain (loopback, free
 * ports, data kept in `<dataDir>/chain/ltc-regtest`, stopped with the server), its wallet funded by
 * mining, watched with the demo's remembered account key. Blocks are mined when a test deposit needs
 * confirmations (a regtest chain mines only when told), one a second. Undefined without litecoind
 * (the line saying how to get it is logged) or when it cannot start.
 */
export async function startDemoLtc(
  chainDir: string,
  xpub: string,
  confirmations: number,
  log: (line: string) => void,
): Promise<DemoLtc | undefined> {
  if (!litecoindInstalled()) {
    log(DEMO_LTC_MISSING);
    return undefined;
  }
  let node: Litecoind;
  try {
    node = await startLitecoind({ dataDir: path.join(chainDir, 'ltc-regtest') });
  } catch (err) {
    log(`Demo chains: litecoind could not start (${String(err)}); LTC deposits use the manual flow.`);
    return undefined;
  }
  // Blocks still owed to a test deposit: mined one a second, so its confirmations come as on ETH.
  let owed = 0;
  let mining: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (owed <= 0) return;
    owed--;
    mining = node
      .mine(1)
      .catch((err: unknown) => log(`Demo LTC chain: a block could not be mined (${String(err)})`));
  }, 1000);
  timer.unref();
  const native = WATCHABLE_NETWORKS.LTC.native;
  return {
    network: {
      network: 'LTC',
      rpcUrl: node.url,
      xpub,
      confirmations,
      hotWalletKey: undefined,
      usdtContract: undefined,
      explorerTxUrl: undefined,
      utxoKind: 'regtest',
      dust: { [native]: new Decimal(WATCHABLE_NETWORKS.LTC.defaultDust.native) },
    },
    faucet: {
      async send(ticker, to, amount) {
        if (ticker !== native) throw new Error(`${ticker} is not on the demo LTC chain`);
        const litoshis = BigInt(amount.mul(100_000_000).toFixed(0, Decimal.ROUND_DOWN));
        const hash = await node.call<string>('sendtoaddress', [to, toCoin(litoshis)]);
        owed = Math.max(owed, confirmations);
        return hash;
      },
    },
    async stop() {
      clearInterval(timer);
      await mining;
      await node.stop();
    },
  };
}
