import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Decimal } from '@vaultline/shared';
import { type Hex, parseEther } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { type ChainNetworkConfig, SecretKey } from '../../chain-config';
import { type EvmNetworkId, type NetworkId, WATCHABLE_NETWORKS } from './chain-networks';
import { type Faucet, randomRegtestXpub, startDemoLtc } from './demo-ltc';
import { anvilBinary } from './evm/anvil';
import { type DevChain, fundOnDevChain, randomHotWallet, randomXpub, startDevChain } from './evm/dev-chain';

export type { Faucet } from './demo-ltc';

/** DEMO: confirmations on the local chains (a block a second), so the flow is seen in seconds. */
export const DEMO_CONFIRMATIONS = 3;

/** Coins the demo put into a hot wallet (the operator's top-up), booked when the network joins. */
export interface DemoFunding {
  network: NetworkId;
  ticker: string;
  amount: Decimal;
  reference: string;
}
const DEMO_CHAINS: Record<EvmNetworkId, { chainId: number; tokenDecimals: number }> = {
  ETH: { chainId: 31337, tokenDecimals: 6 },
  BSC: { chainId: 31338, tokenDecimals: 18 },
};

interface Remembered {
  /** Watch-only account keys: the demo never keeps the private root either. */
  xpubs: Partial<Record<NetworkId, string>>;
  hotKeys: Partial<Record<NetworkId, string>>;
  tokens: Partial<Record<NetworkId, string>>;
}

type DemoChains = {
  networks: ChainNetworkConfig[];
  faucet: Faucet;
  funded: DemoFunding[];
  /** The chain service watches them now: `scanned` tells the last block it read of a network. */
  joined?(scanned: (network: string) => Promise<number | null>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * DEMO MODE ONLY (DECISIONS §10): with no network configured, `npm start` runs a local development
 * chain for ETH and one for BSC (anvil, on loopback, a block a second, kept in the data folder and
 * stopped with the server), with a USDT stand-in on each, demo keys and a funded hot wallet, and,
 * when `litecoind` is on the PATH, a Litecoin regtest chain (demo-ltc.ts), so a newcomer sees
 * deposits confirmed and paid out at once. They start side by side; undefined when none can.
 */
export async function startDemoChains(
  dataDir: string,
  log: (line: string) => void,
): Promise<DemoChains | undefined> {
  const dir = path.join(dataDir, 'chain');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'demo-keys.json');
  let saved: Remembered;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Remembered;
  } catch {
    saved = { xpubs: {}, hotKeys: {}, tokens: {} };
  }
  saved.xpubs.LTC ??= randomRegtestXpub();
  saved.hotKeys.LTC ??= randomBytes(32).toString('hex');
  const [evm, ltc] = await Promise.all([
    startDemoEvm(dir, saved, log),
    startDemoLtc(dir, { xpub: saved.xpubs.LTC, hotKey: saved.hotKeys.LTC }, DEMO_CONFIRMATIONS, log),
  ]);
  writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
  if (!evm && !ltc) return undefined;
  const networks = [...(evm?.networks ?? []), ...(ltc ? [ltc.network] : [])];
  networks.sort((a, b) => a.network.localeCompare(b.network));
  log(
    `Demo chains: ${networks.map((n) => `${n.network} at ${n.rpcUrl.replace(/\/\/[^@/]*@/, '//')}`).join(', ')} (${DEMO_CONFIRMATIONS} confirmations).`,
  );
  return {
    networks,
    faucet: {
      send: (ticker, to, amount) =>
        ltc && ticker === ltc.network.network
          ? ltc.faucet.send(ticker, to, amount)
          : evm
            ? evm.faucet.send(ticker, to, amount)
            : Promise.reject(new Error(`${ticker} is not on a demo chain`)),
    },
    funded: [...(evm?.funded ?? []), ...(ltc?.funded ?? [])],
    joined: async (scanned) => ltc?.joined(scanned),
    stop: async () => {
      await Promise.all([evm?.stop(), ltc?.stop()]);
    },
  };
}

/** ETH and BSC on anvil; undefined where anvil is not available or cannot start. */
async function startDemoEvm(
  dir: string,
  saved: Remembered,
  log: (line: string) => void,
): Promise<DemoChains | undefined> {
  if (!anvilBinary()) {
    log('Demo chains: anvil is not available on this platform; ETH and BSC deposits use the manual flow.');
    return undefined;
  }
  const chains = new Map<EvmNetworkId, DevChain>();
  const networks: ChainNetworkConfig[] = [];
  const funded: DemoFunding[] = [];
  try {
    await Promise.all(
      (Object.keys(DEMO_CHAINS) as EvmNetworkId[]).map(async (network, i) => {
        const def = DEMO_CHAINS[network];
        const token = WATCHABLE_NETWORKS[network].token;
        // Set-up is mined at once (automine); a block a second only once it is done.
        const chain = await startDevChain({
          chainId: def.chainId,
          statePath: path.join(dir, `${network.toLowerCase()}-state.json`),
          token: {
            symbol: token,
            decimals: def.tokenDecimals,
            ...(saved.tokens[network] ? { at: saved.tokens[network] as Hex } : {}),
          },
        });
        chains.set(network, chain);
        saved.xpubs[network] ??= randomXpub(i);
        const hot = saved.hotKeys[network] ? { key: saved.hotKeys[network] as Hex } : randomHotWallet();
        saved.hotKeys[network] = hot.key;
        saved.tokens[network] = chain.token;
        const hotAddress = privateKeyToAddress(hot.key);
        const had = await chain.public.getBalance({ address: hotAddress });
        if (had < parseEther('10')) {
          await fundOnDevChain(
            chain,
            hotAddress,
            parseEther('1000'),
            10n ** BigInt(def.tokenDecimals) * 1_000_000n,
          );
          // The operator's own coins put into the hot wallet: booked, so the books match the chain.
          const at = String(await chain.public.getBlockNumber());
          const ticker = WATCHABLE_NETWORKS[network].native;
          funded.push(
            {
              network,
              ticker,
              amount: new Decimal(String(parseEther('1000') - had)).div(new Decimal(10).pow(18)),
              reference: `demo:${network}:${ticker}:${at}`,
            },
            {
              network,
              ticker: token,
              amount: new Decimal(1_000_000),
              reference: `demo:${network}:${token}:${at}`,
            },
          );
        }
        await chain.test.setIntervalMining({ interval: 1 });
        networks.push({
          network,
          rpcUrl: chain.anvil.url,
          xpub: saved.xpubs[network] as string,
          confirmations: DEMO_CONFIRMATIONS,
          hotWalletKey: new SecretKey(hot.key),
          usdtContract: chain.token,
          explorerTxUrl: undefined,
          dust: {
            [WATCHABLE_NETWORKS[network].native]: new Decimal(WATCHABLE_NETWORKS[network].defaultDust.native),
            [WATCHABLE_NETWORKS[network].token]: new Decimal(WATCHABLE_NETWORKS[network].defaultDust.token),
          },
        });
      }),
    );
  } catch (err) {
    await Promise.all([...chains.values()].map((c) => c.stop()));
    log(`Demo chains could not start (${String(err)}); ETH and BSC deposits use the manual flow.`);
    return undefined;
  }
  networks.sort((a, b) => a.network.localeCompare(b.network));

  const faucet: Faucet = {
    async send(ticker, to, amount) {
      for (const [network, chain] of chains) {
        const def = WATCHABLE_NETWORKS[network];
        // The second dev account pays, so the demo user's funds and the hot wallet stay apart.
        const from = chain.accounts[1] as Hex;
        if (def.native === ticker)
          return chain.sendNative(from, to, BigInt(amount.mul(new Decimal(10).pow(18)).toFixed(0)));
        if (def.token === ticker)
          return chain.sendToken(
            from,
            to,
            BigInt(amount.mul(new Decimal(10).pow(DEMO_CHAINS[network].tokenDecimals)).toFixed(0)),
          );
      }
      throw new Error(`${ticker} is not on a demo chain`);
    },
  };
  return {
    networks,
    faucet,
    funded,
    stop: async () => {
      await Promise.all([...chains.values()].map((c) => c.stop()));
    },
  };
}
