import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@vaultline/shared';
import type { Utxo } from './coin-select';
import { createUtxoRpc, toUnits, type UtxoRpc, UtxoRpcError } from './rpc';

/**
 * A private Litecoin chain: Debian's `litecoind -regtest` (Litecoin Core, the Bitcoin Core code base
 * and RPC) on loopback ports that were free, with a data directory of its own (a temporary one, or
 * one kept across starts), mainnet relay policy (-acceptnonstdtxn=0: dust and non-standard
 * transactions are refused as they would be for real), one wallet, and blocks only when asked for.
 * Used by the tests and by demo mode; never a download.
 */
export interface Litecoind {
  /** The RPC URL with its credentials (as LTC_RPC_URL takes it). */
  url: string;
  /** The node's RPC (its one wallet answers the wallet calls). */
  rpc: UtxoRpc;
  /** `rpc.call`, bound: what the transaction helpers take as their node. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** An address of the node's own wallet (where mined coins go). */
  minerAddress: string;
  /** Mines `n` blocks to the node's wallet; returns their hashes. */
  mine(n: number): Promise<string[]>;
  /** Sends `amount` litoshis from the node's wallet to `address` and mines it; the new outpoint. */
  fund(address: string, amount: bigint): Promise<Utxo>;
  stop(): Promise<void>;
}

export interface LitecoindOptions {
  /** Blocks mined to the wallet at start when it holds less than one block's reward (101: the first spendable). */
  fund?: number;
  /** A data directory kept across starts (demo mode); a temporary one, removed at stop, otherwise. */
  dataDir?: string;
  /**
   * -mempoolreplacement=1. Litecoin Core accepts no replacement by default (unlike Bitcoin Core,
   * where opt-in BIP 125 replacement is on); nodes and miners that take bumps run with it.
   */
  replacement?: boolean;
}

/** What a test or the demo says on a machine without the node: how to get it. */
export const LITECOIND_MISSING =
  "litecoind is not installed: the UTXO chain tests run Debian's Litecoin Core (sudo apt-get install -y litecoind)";

export function litecoindInstalled(): boolean {
  return spawnSync('sh', ['-c', 'command -v litecoind'], { stdio: 'ignore' }).status === 0;
}

/** A port nothing listens on now (the system's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Litoshis as the RPC writes coins (8 decimals). */
export function toCoin(litoshis: bigint): string {
  return new Decimal(litoshis.toString()).div(100_000_000).toFixed(8);
}

const WALLET = 'miner';
/** createwallet's and loadwallet's answers for a wallet that exists already / is loaded already. */
const WALLET_EXISTS = -4;
const WALLET_LOADED = -35;

/** Starts the node, opens (or makes) its wallet and mines to it until its coins are spendable. */
export async function startLitecoind(o: LitecoindOptions = {}): Promise<Litecoind> {
  if (!litecoindInstalled()) throw new Error(LITECOIND_MISSING);
  const dir = o.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'vaultline-ltc-'));
  mkdirSync(dir, { recursive: true });
  const [rpcPort, p2pPort] = [await freePort(), await freePort()];
  const user = 'vaultline';
  const password = randomBytes(16).toString('hex');
  const args = [
    '-regtest',
    `-datadir=${dir}`,
    `-rpcport=${rpcPort}`,
    `-port=${p2pPort}`,
    '-bind=127.0.0.1',
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    `-rpcuser=${user}`,
    `-rpcpassword=${password}`,
    '-server=1',
    '-listen=1',
    '-connect=0',
    '-dnsseed=0',
    '-discover=0',
    '-upnp=0',
    '-fallbackfee=0.0001',
    '-acceptnonstdtxn=0',
    `-mempoolreplacement=${o.replacement ? 1 : 0}`,
    '-addresstype=bech32',
    '-changetype=bech32',
    '-printtoconsole=0',
  ];
  // As with anvil: a shell between us stops the node when our end of its input closes, however
  // this process ends, and runs in a process group of its own.
  const child = spawn(
    'sh',
    ['-c', '"$0" "$@" & a=$!; cat >/dev/null; kill -TERM $a 2>/dev/null; wait $a', 'litecoind', ...args],
    { stdio: ['pipe', 'ignore', 'pipe'], detached: true },
  );
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => {
    errors = (errors + c.toString()).slice(-2000);
  });
  const url = `http://${user}:${password}@127.0.0.1:${rpcPort}`;
  const rpc = createUtxoRpc(url, { timeoutMs: 30_000 });
  const cleanUp = async () => {
    await stopChild(child, rpc);
    if (!o.dataDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const until = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`litecoind exited (${child.exitCode}): ${errors}`);
      try {
        await rpc.call('getblockcount');
        break;
      } catch (err) {
        if (Date.now() > until)
          throw new Error(`litecoind did not start: ${(err as Error).message} ${errors}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await openWallet(rpc);
  } catch (err) {
    await cleanUp();
    throw err;
  }
  const minerAddress = await rpc.call<string>('getnewaddress', ['', 'bech32']);
  const mine = (n: number) => rpc.call<string[]>('generatetoaddress', [n, minerAddress]);
  const spendable = toUnits(await rpc.call('getbalance'));
  if (spendable < 100_000_000n && (o.fund ?? 101) > 0) await mine(o.fund ?? 101);
  const fund = async (address: string, amount: bigint): Promise<Utxo> => {
    const txid = await rpc.call<string>('sendtoaddress', [address, toCoin(amount)]);
    const [block] = await mine(1);
    const tx = await rpc.call<{
      vout: { n: number; value: string; scriptPubKey: { addresses?: string[] } }[];
    }>('getrawtransaction', [txid, true, block]);
    const out = tx.vout.find(
      (v) => v.scriptPubKey.addresses?.includes(address) && toUnits(v.value) === amount,
    );
    if (!out) throw new Error(`no output to ${address} in ${txid}`);
    return { txid, vout: out.n, amount };
  };
  return {
    url,
    rpc,
    call: (method, params) => rpc.call(method, params),
    minerAddress,
    mine,
    fund,
    stop: cleanUp,
  };
}

/** The node's one wallet: made at the first start, loaded at the next ones. */
async function openWallet(rpc: UtxoRpc): Promise<void> {
  try {
    await rpc.call('createwallet', [WALLET]);
  } catch (err) {
    if (!(err instanceof UtxoRpcError) || err.code !== WALLET_EXISTS) throw err;
    await rpc.call('loadwallet', [WALLET]).catch((e: unknown) => {
      if (!(e instanceof UtxoRpcError) || e.code !== WALLET_LOADED) throw e;
    });
  }
}

function stopChild(child: ChildProcess, rpc: UtxoRpc): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // The node's own shutdown (it flushes its data), then the shell's, then a kill.
    rpc.call('stop').catch(() => undefined);
    child.stdin?.end();
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
