import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseUnits,
  type TestClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { type Anvil, type AnvilOptions, startAnvil } from './anvil';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token.artifact';

/**
 * A local development chain with a USDT stand-in, for demo mode and the tests: anvil, its funded
 * dev accounts (unlocked: they sign on the node), and helpers to mine, fund and send.
 */
export interface DevChain {
  anvil: Anvil;
  chainId: number;
  public: PublicClient;
  test: TestClient<'anvil'>;
  wallet: WalletClient;
  /** Dev accounts with 10,000 of the native coin each (the first deploys the token). */
  accounts: Hex[];
  token: Hex | undefined;
  /** Sends the native coin (value in wei) from a dev account; returns the transaction hash. */
  sendNative(from: Hex, to: string, value: bigint): Promise<Hex>;
  /** Sends the token (smallest units) from a dev account; returns the transaction hash. */
  sendToken(from: Hex, to: string, value: bigint): Promise<Hex>;
  mine(blocks?: number): Promise<void>;
  /** Waits for a transaction's receipt (mining a block first when the chain mines only on demand). */
  mined(hash: Hex): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startDevChain(
  o: AnvilOptions & { token?: { symbol: string; decimals: number; at?: Hex } },
): Promise<DevChain> {
  // Set-up (token, mints) is mined at once; the block interval, if any, starts after it.
  const { blockTime, ...rest } = o;
  const anvil = await startAnvil(rest);
  const transport = http(anvil.url, { retryCount: 0 });
  const pub = createPublicClient({ transport, cacheTime: 0 }) as PublicClient;
  const test = createTestClient({ mode: 'anvil', transport });
  const wallet = createWalletClient({ transport });
  const accounts = (await wallet.getAddresses()).map((a) => a.toLowerCase() as Hex);
  const deployer = accounts[0] as Hex;
  const chainId = await pub.getChainId();
  const mined = async (hash: Hex) => {
    // Without automine (tests mine by hand), a block is needed for the receipt.
    if (o.noMining) await test.mine({ blocks: 1 });
    return pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };

  let token = o.token?.at;
  if (token && !(await pub.getCode({ address: token }))) token = undefined;
  if (o.token && !token) {
    const hash = await wallet.deployContract({
      account: deployer,
      chain: null,
      abi: TEST_TOKEN_ABI,
      bytecode: TEST_TOKEN_BYTECODE,
      args: [`Test ${o.token.symbol}`, o.token.symbol, o.token.decimals],
    });
    const receipt = await mined(hash);
    token = receipt.contractAddress?.toLowerCase() as Hex;
    // Every dev account holds a million tokens to send from.
    for (const a of accounts) {
      await mined(
        await wallet.writeContract({
          account: deployer,
          chain: null,
          address: token,
          abi: TEST_TOKEN_ABI,
          functionName: 'mint',
          args: [a, parseUnits('1000000', o.token.decimals)],
        }),
      );
    }
  }

  if (blockTime) await test.setIntervalMining({ interval: blockTime });
  return {
    anvil,
    chainId,
    public: pub,
    test,
    wallet,
    accounts,
    token,
    sendNative: (from, to, value) =>
      wallet.sendTransaction({ account: from, chain: null, to: to as Hex, value }),
    sendToken(from, to, value) {
      if (!token) throw new Error('no token on this chain');
      return wallet.writeContract({
        account: from,
        chain: null,
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: 'transfer',
        args: [to as Hex, value],
      });
    },
    mine: (blocks = 1) => test.mine({ blocks }),
    mined,
    stop: () => anvil.stop(),
  };
}

/** A fresh watch-only key pair for tests and the demo: the account xpub (m/44'/60'/n'), nothing else kept. */
export function randomXpub(account = 0): string {
  return HDKey.fromMasterSeed(randomBytes(32)).derive(`m/44'/60'/${account}'`).publicExtendedKey;
}

/** A fresh hot wallet key and its address. */
export function randomHotWallet(): { key: Hex; address: string } {
  const key = `0x${randomBytes(32).toString('hex')}` as Hex;
  return { key, address: privateKeyToAddress(key).toLowerCase() };
}

/** Funds an address on a dev chain: native coin by decree, tokens from the first dev account. */
export async function fundOnDevChain(
  chain: DevChain,
  address: string,
  native: bigint,
  tokens: bigint,
): Promise<void> {
  await chain.test.setBalance({ address: address as Hex, value: native });
  if (tokens > 0n && chain.token)
    await chain.mined(await chain.sendToken(chain.accounts[0] as Hex, address, tokens));
}
