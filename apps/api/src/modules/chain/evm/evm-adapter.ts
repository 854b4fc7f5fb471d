import {
  BlockNotFoundError,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  webSocket,
} from 'viem';
import type { SecretKey } from '../../../chain-config';
import type { BlockRef, ChainAdapter, ChainAsset, ScannedBlock, Transfer } from '../chain.types';
import { type EvmNetworkId, WATCHABLE_NETWORKS } from '../chain-networks';
import { createHotWallet, TRANSFER_EVENT } from './hot-wallet';
import { evmAddressDeriver } from './xpub';

export interface EvmAdapterOptions {
  network: EvmNetworkId;
  rpcUrl: string;
  xpub: string;
  usdtContract: string | undefined;
  /** Decimals of the network's assets as the catalogue keeps them (by ticker). */
  decimals: (ticker: string) => number;
  hotWalletKey: SecretKey | undefined;
  /** One RPC call's time limit. */
  timeoutMs?: number;
}

/** A block could not be read consistently (it changed between two calls): scan again next pass. */
export class ChainMovedError extends Error {}

/**
 * The EVM family through viem (ETH, BSC): native transfers from the blocks' transactions (those that
 * succeeded), ERC-20/BEP-20 `Transfer` logs of the watched contracts, and payouts signed locally with
 * the hot wallet's key. JSON-RPC calls of one pass go out batched.
 */
export function createEvmAdapter(o: EvmAdapterOptions): ChainAdapter {
  const pushes = /^wss?:/i.test(o.rpcUrl);
  const transport: Transport = pushes
    ? webSocket(o.rpcUrl, { timeout: o.timeoutMs ?? 10_000, retryCount: 0, reconnect: true })
    : http(o.rpcUrl, { batch: { batchSize: 200, wait: 0 }, timeout: o.timeoutMs ?? 10_000, retryCount: 0 });
  const client = createPublicClient({ transport, cacheTime: 0 }) as PublicClient;
  const def = WATCHABLE_NETWORKS[o.network];
  const contract = o.usdtContract?.toLowerCase();
  const assets: ChainAsset[] = [
    { ticker: def.native, contract: undefined, decimals: o.decimals(def.native) },
    ...(contract ? [{ ticker: def.token, contract, decimals: o.decimals(def.token) }] : []),
  ];
  let derive: (index: number) => string;
  try {
    derive = evmAddressDeriver(o.xpub);
  } catch (err) {
    // A start with a key that is not one fails here, with the setting's name.
    throw new Error(`${o.network}_XPUB is ${(err as Error).message}`);
  }
  let chainIdCache: number | undefined;
  const chainId = async () => {
    chainIdCache ??= await client.getChainId();
    return chainIdCache;
  };

  async function blockRef(number: number): Promise<BlockRef | null> {
    try {
      const b = await client.getBlock({ blockNumber: BigInt(number) });
      if (b.hash === null) return null;
      return { number, hash: b.hash.toLowerCase(), parentHash: b.parentHash.toLowerCase() };
    } catch (err) {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    }
  }

  async function scan(from: number, to: number, watch: (a: string) => boolean): Promise<ScannedBlock[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const [blocks, logs] = await Promise.all([
      Promise.all(numbers.map((n) => client.getBlock({ blockNumber: BigInt(n), includeTransactions: true }))),
      contract
        ? client.getLogs({
            address: contract as Hex,
            event: TRANSFER_EVENT,
            fromBlock: BigInt(from),
            toBlock: BigInt(to),
          })
        : Promise.resolve([]),
    ]);
    const out: ScannedBlock[] = blocks.map((b, i) => {
      if (b.hash === null || b.number !== BigInt(from + i)) throw new ChainMovedError('block not final yet');
      return {
        number: from + i,
        hash: b.hash.toLowerCase(),
        parentHash: b.parentHash.toLowerCase(),
        transfers: [],
      };
    });
    // Native coin: value sent straight to a watched address by a transaction that succeeded.
    const candidates: { block: ScannedBlock; t: Transfer }[] = [];
    blocks.forEach((b, i) => {
      const block = out[i] as ScannedBlock;
      for (const tx of b.transactions) {
        if (typeof tx === 'string' || !tx.to || tx.value === 0n) continue;
        const to = tx.to.toLowerCase();
        if (!watch(to)) continue;
        candidates.push({
          block,
          t: {
            txHash: tx.hash.toLowerCase(),
            eventKey: 'native',
            ticker: def.native,
            to,
            from: tx.from.toLowerCase(),
            amountRaw: tx.value,
          },
        });
      }
    });
    const receipts = await Promise.all(
      candidates.map((c) => client.getTransactionReceipt({ hash: c.t.txHash as Hex })),
    );
    candidates.forEach((c, i) => {
      const r = receipts[i];
      if (r?.blockHash.toLowerCase() !== c.block.hash)
        throw new ChainMovedError('receipt from another block');
      if (r.status === 'success') c.block.transfers.push(c.t);
    });
    // Tokens: the contract's Transfer logs; a transfer's key is its order among them in its transaction.
    const order = new Map<string, number>();
    for (const log of logs) {
      const block = out[Number(log.blockNumber) - from];
      if (!block || log.blockHash?.toLowerCase() !== block.hash)
        throw new ChainMovedError('log from another block');
      const txHash = (log.transactionHash ?? '').toLowerCase();
      const n = order.get(txHash) ?? 0;
      order.set(txHash, n + 1);
      const to = log.args.to?.toLowerCase();
      if (!to || log.args.value === undefined || log.args.value === 0n || !watch(to)) continue;
      block.transfers.push({
        txHash,
        eventKey: `${contract}:${n}`,
        ticker: def.token,
        to,
        from: log.args.from?.toLowerCase(),
        amountRaw: log.args.value,
      });
    }
    return out;
  }

  /** What these addresses hold together at a block, by ticker (balances read at that block). */
  async function holdings(addresses: string[], block: number): Promise<Map<string, bigint>> {
    const blockNumber = BigInt(block);
    const out = new Map<string, bigint>(assets.map((a) => [a.ticker, 0n]));
    // 200 addresses a round (one batch of JSON-RPC calls per asset), so a long list stays in bounds.
    for (let i = 0; i < addresses.length; i += 200) {
      const chunk = addresses.slice(i, i + 200) as Hex[];
      for (const a of assets) {
        const each = await Promise.all(
          chunk.map((address) =>
            a.contract
              ? client.readContract({
                  address: a.contract as Hex,
                  abi: erc20Abi,
                  functionName: 'balanceOf',
                  args: [address],
                  blockNumber,
                })
              : client.getBalance({ address, blockNumber }),
          ),
        );
        out.set(
          a.ticker,
          each.reduce((s, v) => s + v, out.get(a.ticker) ?? 0n),
        );
      }
    }
    return out;
  }

  return {
    network: o.network,
    assets,
    holdings,
    depositAddress: (index) => ({ address: derive(index) }),
    normalAddress: (a) => a.trim().toLowerCase(),
    chainId,
    head: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    blockRef,
    scan,
    hotWallet: o.hotWalletKey ? createHotWallet(client, o.hotWalletKey, assets, chainId) : undefined,
    ...(pushes
      ? {
          // eth_subscribe newHeads: a new block wakes the scanner (the poll stays as a fallback).
          // Over a WebSocket transport viem subscribes (eth_subscribe newHeads) rather than polls.
          watchHeads: (onHead: () => void) =>
            client.watchBlockNumber({ onBlockNumber: () => onHead(), onError: () => undefined }),
        }
      : {}),
  };
}
