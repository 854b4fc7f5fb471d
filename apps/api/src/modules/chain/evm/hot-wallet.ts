import {
  BaseError,
  ExecutionRevertedError,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  HttpRequestError,
  InsufficientFundsError,
  keccak256,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  type PublicClient,
  parseAbiItem,
  parseEventLogs,
  ResourceUnavailableRpcError,
  SocketClosedError,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WebSocketRequestError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SecretKey } from '../../../chain-config';
import {
  type ChainAsset,
  HistoryUnavailable,
  type HotWallet,
  type PayoutOrder,
  PayoutRefusal,
  type Receipt,
  type SentTransaction,
} from '../chain.types';
import { rpcErrorText } from '../rpc-error';

export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** The node could not be reached or did not answer in time: an outage, not an answer about a payout. */
const UNREACHED = [HttpRequestError, TimeoutError, WebSocketRequestError, SocketClosedError];
/** The node is busy or lacks the method: no answer about the payout itself. */
const BUSY = [
  LimitExceededRpcError,
  ResourceUnavailableRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
];
const some = (err: BaseError, kinds: (abstract new (...a: never[]) => Error)[]) =>
  err.walk((e) => kinds.some((k) => e instanceof k)) !== null;
/** What the execution of a transaction says when it fails (a revert, an invalid opcode, no gas). */
const EXECUTION = /revert|EVM error|opcode|out of gas|gas required exceeds|intrinsic gas|block gas limit/i;

/**
 * What the node's answer to a payout means (chain.types PayoutRefusal); undefined when the node did
 * not answer at all (the caller rethrows: an outage ends the pass and is reported as one).
 */
export function refusalOf(err: unknown): PayoutRefusal | undefined {
  if (!(err instanceof BaseError) || some(err, UNREACHED)) return undefined;
  const text = rpcErrorText(err);
  if (some(err, [InsufficientFundsError]) || /insufficient funds/i.test(text))
    return new PayoutRefusal('funds', text);
  if (some(err, BUSY)) return new PayoutRefusal('unknown', text);
  if (some(err, [ExecutionRevertedError]) || EXECUTION.test(text)) return new PayoutRefusal('refused', text);
  return new PayoutRefusal('unknown', text);
}

/**
 * The hot wallet: payouts signed locally with the operator's key, broadcast, followed; and its
 * history, read to check that a payout was not paid already by another of its transactions.
 */
export function createHotWallet(
  client: PublicClient,
  key: SecretKey,
  assets: ChainAsset[],
  chainId: () => Promise<number>,
): HotWallet {
  const account = privateKeyToAccount(key.reveal());
  const address = account.address.toLowerCase();
  const native = assets.find((a) => !a.contract) as ChainAsset;

  async function balances() {
    const out = new Map<string, bigint>();
    out.set(native.ticker, await client.getBalance({ address: account.address }));
    for (const a of assets) {
      if (!a.contract) continue;
      out.set(
        a.ticker,
        await client.readContract({
          address: a.contract as Hex,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        }),
      );
    }
    return out;
  }

  async function prepare(order: PayoutOrder) {
    const asset = assets.find((a) => a.ticker === order.ticker);
    if (!asset) throw new Error(`${order.ticker} is not watched on this network`);
    const call = asset.contract
      ? {
          to: asset.contract as Hex,
          value: 0n,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [order.to as Hex, order.amountRaw],
          }),
        }
      : { to: order.to as Hex, value: order.amountRaw, data: undefined };
    const [id, gas, fees] = await Promise.all([
      chainId(),
      client.estimateGas({ account: account.address, ...call }).catch((err) => {
        throw refusalOf(err) ?? err;
      }),
      client.estimateFeesPerGas().catch(() => undefined),
    ]);
    // EIP-1559 where the chain has a base fee, a legacy gas price elsewhere.
    const legacy = fees?.maxFeePerGas === undefined ? await client.getGasPrice() : undefined;
    const maxFeeRaw = gas * (legacy ?? (fees?.maxFeePerGas as bigint));
    return {
      maxFeeRaw,
      async sign(nonce: number) {
        const raw = legacy
          ? await account.signTransaction({
              type: 'legacy',
              chainId: id,
              nonce,
              gas,
              gasPrice: legacy,
              ...call,
            })
          : await account.signTransaction({
              type: 'eip1559',
              chainId: id,
              nonce,
              gas,
              maxFeePerGas: fees?.maxFeePerGas as bigint,
              maxPriorityFeePerGas: fees?.maxPriorityFeePerGas as bigint,
              ...call,
            });
        return { raw, hash: keccak256(raw).toLowerCase() };
      },
    };
  }

  return {
    address,
    balances,
    pendingSequence: async () =>
      client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    minedSequence: async () => client.getTransactionCount({ address: account.address, blockTag: 'latest' }),
    prepare,
    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw as Hex });
      } catch (err) {
        // Sent before (a re-broadcast after a crash, or mined already): the receipt tells the rest.
        if (/already known|known transaction|nonce too low|already imported/i.test(rpcErrorText(err))) return;
        // The node answered and will not take it: the payout stays signed and is offered again.
        if (refusalOf(err)) throw new PayoutRefusal('refused', rpcErrorText(err));
        throw err;
      }
    },
    async receipt(hash): Promise<Receipt> {
      try {
        const [r, head] = await Promise.all([
          client.getTransactionReceipt({ hash: hash as Hex }),
          client.getBlockNumber({ cacheTime: 0 }),
        ]);
        return {
          status: r.status === 'success' ? 'success' : 'reverted',
          blockNumber: Number(r.blockNumber),
          feeRaw: r.gasUsed * r.effectiveGasPrice,
          confirmations: Number(head - r.blockNumber) + 1,
        };
      } catch (err) {
        if (err instanceof TransactionReceiptNotFoundError) return null;
        throw err;
      }
    },
    async holds(hash) {
      try {
        await client.getTransaction({ hash: hash as Hex });
        return true;
      } catch (err) {
        if (err instanceof TransactionNotFoundError) return false;
        throw err;
      }
    },
    async sentAt(sequence, sinceBlock) {
      try {
        return await sentAt(sequence, sinceBlock);
      } catch (err) {
        if (err instanceof HistoryUnavailable) throw err;
        throw new HistoryUnavailable(rpcErrorText(err));
      }
    },
  };

  /**
   * Finds the block where the hot wallet's nonce passed `sequence` (a binary search on its
   * transaction count, which needs the node to keep the state of those blocks: an archive node for
   * old ones), then that transaction and what it moved.
   */
  async function sentAt(sequence: number, sinceBlock: number): Promise<SentTransaction | null> {
    const count = (b: bigint) => client.getTransactionCount({ address: account.address, blockNumber: b });
    let lo = BigInt(sinceBlock);
    if ((await count(lo)) > sequence) return null;
    let hi = await client.getBlockNumber({ cacheTime: 0 });
    if ((await count(hi)) <= sequence)
      throw new HistoryUnavailable(`transaction ${sequence} is not mined yet`);
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      if ((await count(mid)) > sequence) hi = mid;
      else lo = mid;
    }
    const block = await client.getBlock({ blockNumber: hi, includeTransactions: true });
    const tx = block.transactions.find(
      (x) => typeof x !== 'string' && x.from.toLowerCase() === address && x.nonce === sequence,
    );
    if (!tx || typeof tx === 'string')
      throw new HistoryUnavailable(`transaction ${sequence} of the hot wallet is not in block ${hi}`);
    const r = await client.getTransactionReceipt({ hash: tx.hash });
    const transfers: SentTransaction['transfers'] = [];
    if (r.status === 'success') {
      if (tx.to && tx.value > 0n)
        transfers.push({ ticker: native.ticker, to: tx.to.toLowerCase(), amountRaw: tx.value });
      for (const log of parseEventLogs({ abi: [TRANSFER_EVENT], logs: r.logs })) {
        const token = assets.find((a) => a.contract === log.address.toLowerCase());
        if (!token || log.args.from.toLowerCase() !== address) continue;
        transfers.push({ ticker: token.ticker, to: log.args.to.toLowerCase(), amountRaw: log.args.value });
      }
    }
    return {
      hash: tx.hash.toLowerCase(),
      sequence,
      blockNumber: Number(hi),
      success: r.status === 'success',
      feeRaw: r.gasUsed * r.effectiveGasPrice,
      transfers,
    };
  }
}
