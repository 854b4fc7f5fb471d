import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@vaultline/shared';
import { type Hex, parseEther } from 'viem';
import { COIN_REFUSER_ABI, COIN_REFUSER_BYTECODE } from './evm/coin-refuser.artifact';
import { type DevChain, fundOnDevChain, randomHotWallet, randomXpub, startDevChain } from './evm/dev-chain';
import { TRANSFER_RELAY_ABI, TRANSFER_RELAY_BYTECODE } from './evm/transfer-relay.artifact';

/** A guest's receiving addresses on the EVM chains (any valid address works: nobody signs for them). */
export const GUEST = {
  ETH: '0x1111111111111111111111111111111111111111',
  BNB: '0x2222222222222222222222222222222222222222',
  REFUND: '0x3333333333333333333333333333333333333333',
} as const;

export interface Chains {
  eth: DevChain;
  bsc: DevChain;
  hot: { ETH: string; BSC: string };
  /** The hot wallets' private keys: a test signs with them as an operator would (a replacement). */
  hotKeys: { ETH: Hex; BSC: Hex };
  xpub: { ETH: string; BSC: string };
  /** The environment that watches both chains (RPC, xpub, hot wallet key file, token, 3 confirmations). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Two local chains that mine only when a test says so (ETH with a 6-decimal USDT, BSC with an
 * 18-decimal USDT-BEP20), hot wallets funded on both, and the settings that watch them.
 */
export async function startChains(o: { confirmations?: number; hotNative?: bigint } = {}): Promise<Chains> {
  const [eth, bsc] = await Promise.all([
    startDevChain({ chainId: 31337, noMining: true, token: { symbol: 'USDT', decimals: 6 } }),
    startDevChain({ chainId: 31338, noMining: true, token: { symbol: 'USDT-BEP20', decimals: 18 } }),
  ]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-chain-'));
  const hotEth = randomHotWallet();
  const hotBsc = randomHotWallet();
  writeFileSync(path.join(dir, 'eth.key'), hotEth.key, { mode: 0o600 });
  writeFileSync(path.join(dir, 'bsc.key'), hotBsc.key.slice(2), { mode: 0o600 });
  const native = o.hotNative ?? parseEther('100');
  await Promise.all([
    fundOnDevChain(eth, hotEth.address, native, 100_000n * 10n ** 6n),
    fundOnDevChain(bsc, hotBsc.address, native, 100_000n * 10n ** 18n),
  ]);
  const xpub = { ETH: randomXpub(0), BSC: randomXpub(1) };
  const confirmations = String(o.confirmations ?? 3);
  return {
    eth,
    bsc,
    hot: { ETH: hotEth.address, BSC: hotBsc.address },
    hotKeys: { ETH: hotEth.key, BSC: hotBsc.key },
    xpub,
    env: {
      ETH_RPC_URL: eth.anvil.url,
      ETH_XPUB: xpub.ETH,
      ETH_CONFIRMATIONS: confirmations,
      ETH_HOT_WALLET_KEY_FILE: path.join(dir, 'eth.key'),
      ETH_USDT_CONTRACT: eth.token as string,
      ETH_EXPLORER_TX_URL: 'https://explorer.test/eth/tx/{hash}',
      BSC_RPC_URL: bsc.anvil.url,
      BSC_XPUB: xpub.BSC,
      BSC_CONFIRMATIONS: confirmations,
      BSC_HOT_WALLET_KEY_FILE: path.join(dir, 'bsc.key'),
      BSC_USDT_CONTRACT: bsc.token as string,
      CHAIN_POLL_MS: '40',
    },
    stop: async () => {
      await Promise.all([eth.stop(), bsc.stop()]);
    },
  };
}

/** Polls until `check` returns something truthy (or throws after `ms`). */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  ms = 20_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Smallest units of a decimal amount. */
export const units = (amount: string, decimals: number) =>
  BigInt(new Decimal(amount).mul(new Decimal(10).pow(decimals)).toFixed(0));

/** Sends a deposit of `amount` (ETH/BNB or the chain's token) from a dev account and mines it. */
export async function deposit(chain: DevChain, to: string, amount: string, token = false): Promise<Hex> {
  const from = chain.accounts[2] as Hex;
  const hash = token
    ? await chain.sendToken(from, to, units(amount, chain.chainId === 31337 ? 6 : 18))
    : await chain.sendNative(from, to, units(amount, 18));
  await chain.mined(hash);
  return hash;
}

/**
 * Deploys a contract that refuses the network's coin (evm/coin-refuser.sol) from the first dev
 * account, which may switch it later (`setRefusing`); returns its address.
 */
export async function deployRefuser(chain: DevChain, refusing = true): Promise<Hex> {
  const hash = await chain.wallet.deployContract({
    account: chain.accounts[0] as Hex,
    chain: null,
    abi: COIN_REFUSER_ABI,
    bytecode: COIN_REFUSER_BYTECODE,
    args: [refusing],
  });
  const receipt = (await chain.mined(hash)) as { contractAddress?: string | null };
  if (!receipt.contractAddress) throw new Error('the coin refuser was not deployed');
  return receipt.contractAddress.toLowerCase() as Hex;
}

/**
 * Deploys a contract that relays the chain's token (evm/transfer-relay.sol) from the first dev
 * account, holding `funds` of it; `set(to, amount)` chooses what its next `relay()` moves.
 */
export async function deployRelay(chain: DevChain, funds: bigint) {
  const owner = chain.accounts[0] as Hex;
  const hash = await chain.wallet.deployContract({
    account: owner,
    chain: null,
    abi: TRANSFER_RELAY_ABI,
    bytecode: TRANSFER_RELAY_BYTECODE,
    args: [chain.token as Hex],
  });
  const receipt = (await chain.mined(hash)) as { contractAddress?: string | null };
  if (!receipt.contractAddress) throw new Error('the relay was not deployed');
  const address = receipt.contractAddress.toLowerCase() as Hex;
  await chain.mined(await chain.sendToken(chain.accounts[2] as Hex, address, funds));
  return {
    address,
    /** The owner sets the next relay's recipient and amount (mined at once). */
    async set(to: string, amount: bigint) {
      await chain.mined(
        await chain.wallet.writeContract({
          account: owner,
          chain: null,
          address,
          abi: TRANSFER_RELAY_ABI,
          functionName: 'set',
          args: [to as Hex, amount],
        }),
      );
    },
  };
}
