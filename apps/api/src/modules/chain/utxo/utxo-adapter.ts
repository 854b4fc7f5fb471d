import type { BlockRef, ChainAdapter, OwnOutput, OwnSpend, ScannedBlock, Transfer } from '../chain.types';
import { type UtxoNetworkId, WATCHABLE_NETWORKS } from '../chain-networks';
import { bip84Deriver } from './bip84';
import { createUtxoRpc, toUnits, UtxoRpcError } from './rpc';
import { utxoTxNetwork } from './tx-network';
import { outputScript } from './tx-size';
import { splitKeyOrigin, UTXO_PARAMS, type UtxoKind } from './utxo-networks';
import { registerUtxoNode } from './utxo-node';
import { createUtxoWallet } from './utxo-wallet';

export interface UtxoAdapterOptions {
  network: UtxoNetworkId;
  kind: UtxoKind;
  /** Bitcoin Core's (or Litecoin Core's) RPC, with its credentials (http://user:pass@host:port). */
  rpcUrl: string;
  xpub: string;
  /** Decimals of the coin as the catalogue keeps them (8). */
  decimals: number;
  /** One RPC call's time limit. */
  timeoutMs?: number;
  /** The hot wallet (NET_HOT_WALLET_KEY_FILE, as 32 bytes of hex) and its payout settings. */
  hotWallet?: { keyHex: string; feeRateMin: number; feeRateMax: number; batchMax: number };
}

/** A block as `getblock <hash> 2` gives it (amounts kept as text by the RPC client). */
interface NodeBlock {
  hash: string;
  height: number;
  previousblockhash?: string;
  tx: {
    txid: string;
    vin: { coinbase?: string; txid?: string; vout?: number }[];
    vout: {
      value: string | number;
      n: number;
      scriptPubKey: { address?: string; addresses?: string[] };
    }[];
  }[];
}

/** Blocks asked for in one request (a busy mainnet block is a few megabytes of JSON). */
const BLOCKS_PER_REQUEST = 4;
/** The node's answer to a height above its tip. */
const HEIGHT_OUT_OF_RANGE = -8;
/** Addresses asked about in one `scantxoutset` (each call reads the whole UTXO set once). */
const SCAN_CHUNK = 1000;
/** A scan of mainnet's UTXO set takes minutes; its own time limit. */
const SCAN_TIMEOUT_MS = 15 * 60_000;

/** The node's tip moved past the last block read while the check ran: checked again at the next pass. */
export class HoldingsMovedOn extends Error {
  constructor(
    readonly block: number,
    readonly height: number,
  ) {
    super(`the node's UTXO set is at block ${height}, not ${block}: checked again at the next pass`);
    this.name = 'HoldingsMovedOn';
  }
}
const NO_PARENT = '0'.repeat(64);

/**
 * The UTXO family (BTC, LTC; Bitcoin Core's RPC): every output of a block's transactions that pays
 * a watched address is a transfer, keyed by its index in the transaction (`vout`), in satoshis or
 * litoshis as integers. Deposit addresses are BIP 84's (native SegWit) from the account's extended
 * public key. Coinbase outputs are not deposits (unspendable for 100 blocks, and never a customer's).
 * With a hot wallet key, the outputs of its address and their spends are read too (the scanner
 * keeps them) and payouts go out in batches (utxo-payouts.ts).
 */
export function createUtxoAdapter(o: UtxoAdapterOptions): ChainAdapter {
  const params = UTXO_PARAMS[o.network][o.kind];
  const rpc = createUtxoRpc(o.rpcUrl, { timeoutMs: o.timeoutMs ?? 30_000 });
  const scanRpc = createUtxoRpc(o.rpcUrl, { timeoutMs: SCAN_TIMEOUT_MS });
  const native = WATCHABLE_NETWORKS[o.network].native;
  let derive: (index: number) => string;
  try {
    derive = bip84Deriver(splitKeyOrigin(o.xpub).key, params);
  } catch (err) {
    // A start with a key that is not one fails here, with the setting's name.
    throw new Error(`${o.network}_XPUB is ${(err as Error).message}`);
  }
  const prefix = `${params.bech32}1`;
  const wallet = o.hotWallet
    ? createUtxoWallet({ rpc, net: utxoTxNetwork(o.network, o.kind), ...o.hotWallet })
    : undefined;
  /** Bech32 addresses in lower case (their one stored form); others (base58) are case-sensitive. */
  const normalAddress = (a: string) => {
    const t = a.trim();
    return t.toLowerCase().startsWith(prefix) ? t.toLowerCase() : t;
  };

  async function hashesAt(numbers: number[]): Promise<(string | null)[]> {
    return Promise.all(
      numbers.map((n) =>
        rpc.call<string>('getblockhash', [n]).catch((err: unknown) => {
          if (err instanceof UtxoRpcError && err.code === HEIGHT_OUT_OF_RANGE) return null;
          throw err;
        }),
      ),
    );
  }

  async function blockRef(number: number): Promise<BlockRef | null> {
    const [hash] = await hashesAt([number]);
    if (!hash) return null;
    const header = await rpc.call<{ hash: string; height: number; previousblockhash?: string }>(
      'getblockheader',
      [hash],
    );
    return {
      number: header.height,
      hash: header.hash.toLowerCase(),
      parentHash: (header.previousblockhash ?? NO_PARENT).toLowerCase(),
    };
  }

  /**
   * The hot wallet's side of a block: outputs paying its address, and spends of its outputs (those
   * `own` knows, and those recorded earlier in this same read, `mine`).
   */
  function ownOf(block: NodeBlock, own: (outpoint: string) => boolean, mine: Set<string>) {
    const outputs: OwnOutput[] = [];
    const spends: OwnSpend[] = [];
    for (const tx of block.tx) {
      const txid = tx.txid.toLowerCase();
      for (const i of tx.vin) {
        if (i.txid === undefined || i.vout === undefined) continue;
        const key = `${i.txid.toLowerCase()}:${i.vout}`;
        if (mine.has(key) || own(key)) spends.push({ txid: i.txid.toLowerCase(), vout: i.vout, by: txid });
      }
      if (tx.vin.some((i) => i.coinbase !== undefined)) continue;
      for (const v of tx.vout) {
        const address = v.scriptPubKey.address ?? v.scriptPubKey.addresses?.[0];
        if (!address || normalAddress(address) !== hotAddress) continue;
        const amountRaw = toUnits(v.value, o.decimals);
        const parents = tx.vin.flatMap((i) =>
          i.txid === undefined || i.vout === undefined ? [] : [`${i.txid.toLowerCase()}:${i.vout}`],
        );
        outputs.push({ txid, vout: v.n, amountRaw, parents });
        mine.add(`${txid}:${v.n}`);
      }
    }
    return { outputs, spends };
  }

  const hotAddress = wallet ? normalAddress(wallet.address) : undefined;

  function transfersOf(block: NodeBlock, watch: (address: string) => boolean): Transfer[] {
    const out: Transfer[] = [];
    for (const tx of block.tx) {
      if (tx.vin.some((i) => i.coinbase !== undefined)) continue;
      for (const v of tx.vout) {
        const address = v.scriptPubKey.address ?? v.scriptPubKey.addresses?.[0];
        // An output with several addresses (bare multisig) is no deposit address's.
        if (!address || (v.scriptPubKey.addresses?.length ?? 1) > 1) continue;
        const to = normalAddress(address);
        if (to === hotAddress) continue;
        if (!watch(to)) continue;
        const amountRaw = toUnits(v.value, o.decimals);
        if (amountRaw <= 0n) continue;
        out.push({
          txHash: tx.txid.toLowerCase(),
          eventKey: String(v.n),
          ticker: native,
          to,
          from: undefined,
          amountRaw,
        });
      }
    }
    return out;
  }

  async function scan(
    from: number,
    to: number,
    watch: (a: string) => boolean,
    own: (outpoint: string) => boolean = () => false,
  ): Promise<ScannedBlock[]> {
    const mine = new Set<string>();
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const hashes = await hashesAt(numbers);
    const out: ScannedBlock[] = [];
    for (let i = 0; i < numbers.length; i += BLOCKS_PER_REQUEST) {
      const chunk = hashes.slice(i, i + BLOCKS_PER_REQUEST);
      // A height the node no longer has (a reorganisation to a shorter chain): read up to it.
      const known = chunk.filter((h): h is string => h !== null);
      const blocks = await rpc.batch<NodeBlock>(known.map((h) => ({ method: 'getblock', params: [h, 2] })));
      for (const [j, b] of blocks.entries()) {
        const number = from + i + j;
        // The chain moved between the two calls: the scanner reads again from where hashes link up.
        if (b.height !== number) return out;
        out.push({
          number,
          hash: b.hash.toLowerCase(),
          parentHash: (b.previousblockhash ?? NO_PARENT).toLowerCase(),
          transfers: transfersOf(b, watch),
          // The hot wallet's outputs and spends, and the spends of open sweeps' inputs.
          own: ownOf(b, own, mine),
        });
      }
      if (known.length < chunk.length) return out;
    }
    return out;
  }

  /**
   * What the addresses hold: their unspent outputs in the node's UTXO set (`scantxoutset` with
   * `addr(…)` descriptors, Bitcoin Core 0.17+ and Litecoin Core 0.21), asked of the node and not of
   * our records. The set is the one at the node's tip, which must be the last block read.
   */
  async function holdings(addresses: string[], block: number): Promise<Map<string, bigint>> {
    let total = 0n;
    for (let i = 0; i < addresses.length; i += SCAN_CHUNK) {
      const chunk = addresses.slice(i, i + SCAN_CHUNK).map((a) => `addr(${a})`);
      const r = await scanRpc.call<{ success: boolean; height: number; unspents: { amount: string }[] }>(
        'scantxoutset',
        ['start', chunk],
      );
      if (!r.success) throw new UtxoRpcError('scantxoutset did not finish', undefined, undefined);
      if (r.height !== block) throw new HoldingsMovedOn(block, r.height);
      for (const u of r.unspents) total += toUnits(u.amount, o.decimals);
    }
    return new Map([[native, total]]);
  }

  const adapter: ChainAdapter = {
    network: o.network,
    assets: [{ ticker: native, contract: undefined, decimals: o.decimals }],
    depositAddress: (index) => ({ address: derive(index) }),
    normalAddress,
    acceptsAddress(address) {
      try {
        outputScript(address.trim(), utxoTxNetwork(o.network, o.kind));
        return true;
      } catch {
        return false;
      }
    },
    async chainId() {
      const info = await rpc.call<{ chain: string }>('getblockchaininfo');
      if (info.chain !== params.nodeChain)
        throw new Error(
          `the node runs the ${info.chain} chain but ${o.network}_NETWORK is ${o.kind}: nothing is read from it`,
        );
      return params.chainId;
    },
    head: () => rpc.call<number>('getblockcount'),
    blockRef,
    scan,
    holdings,
    hotWallet: undefined,
    utxoWallet: wallet,
  };
  registerUtxoNode(adapter, {
    call: (method, params) => rpc.call(method, params),
    coin: o.network,
    kind: o.kind,
    accountKey: o.xpub,
  });
  return adapter;
}
