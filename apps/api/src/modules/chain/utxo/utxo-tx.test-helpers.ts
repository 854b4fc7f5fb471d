import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Decimal } from '@vaultline/shared';
import type { Utxo } from './coin-select.js';
import { LITECOIND_MISSING, litecoindInstalled } from './litecoind';
import { toSatoshis } from './tx-size.js';

/**
 * A private Litecoin regtest chain for the transaction tests: `litecoind -regtest` on free loopback
 * ports with a temporary data directory, mainnet relay policy (-acceptnonstdtxn=0, so dust and
 * non-standard transactions are refused as they would be for real), and a node wallet funded by
 * mining 101 blocks. `call` is a tiny JSON-RPC over fetch, for the tests only.
 */
export interface RegtestNode {
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Mines n blocks to the node wallet; returns their hashes. */
  mine(n: number): Promise<string[]>;
  /** Sends `amount` litoshis from the node wallet to `address` and mines it; the new outpoint. */
  fund(address: string, amount: bigint): Promise<Utxo>;
  stop(): Promise<void>;
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export function toCoin(sats: bigint): string {
  return new Decimal(sats.toString()).div(100_000_000).toFixed(8);
}

export const toSats = toSatoshis;

/**
 * `replacement`: -mempoolreplacement=1. Litecoin Core accepts no replacement by default (unlike
 * Bitcoin Core, where opt-in BIP 125 replacement is on); nodes and miners that take bumps run with it.
 */
export async function startRegtestNode(o: { replacement?: boolean } = {}): Promise<RegtestNode> {
  if (!litecoindInstalled()) throw new Error(LITECOIND_MISSING);
  const dir = await mkdtemp(path.join(tmpdir(), 'ltc-regtest-'));
  const rpcPort = await freePort();
  const p2pPort = await freePort();
  const user = 'test';
  const password = randomBytes(16).toString('hex');
  const args = [
    '-regtest',
    `-datadir=${dir}`,
    `-rpcport=${rpcPort}`,
    `-port=${p2pPort}`,
    '-bind=127.0.0.1',
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    '-discover=0',
    '-dnsseed=0',
    '-server',
    `-rpcuser=${user}`,
    `-rpcpassword=${password}`,
    '-fallbackfee=0.0001',
    '-acceptnonstdtxn=0',
    '-printtoconsole=0',
    `-mempoolreplacement=${o.replacement ? 1 : 0}`,
  ];
  // A shell between the test and the node stops the node when our end of its input closes, however
  // the test process ends.
  const child: ChildProcess = spawn(
    'sh',
    ['-c', '"$0" "$@" & a=$!; cat >/dev/null; kill -INT $a 2>/dev/null; wait $a', 'litecoind', ...args],
    { stdio: ['pipe', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const rpc = async <T>(url: string, method: string, params: unknown[]): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result: T; error: { code: number; message: string } | null };
    if (body.error) throw new RpcError(body.error.code, `${method}: ${body.error.message}`);
    return body.result;
  };
  const base = `http://127.0.0.1:${rpcPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || /Error/.test(stderr))
      throw new Error(`litecoind failed: ${stderr.slice(-500)}`);
    try {
      await rpc(base, 'getblockchaininfo', []);
      break;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`litecoind did not start: ${(err as Error).message} ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await rpc(base, 'createwallet', ['w']);
  const walletUrl = `${base}/wallet/w`;
  const call = <T>(method: string, params: unknown[] = []) => rpc<T>(walletUrl, method, params);
  const minerAddress = await call<string>('getnewaddress');
  const mine = (n: number) => call<string[]>('generatetoaddress', [n, minerAddress]);
  await mine(101);
  const fund = async (address: string, amount: bigint): Promise<Utxo> => {
    const txid = await call<string>('sendtoaddress', [address, toCoin(amount)]);
    const [block] = await mine(1);
    const tx = await call<{ vout: { n: number; value: number; scriptPubKey: { addresses?: string[] } }[] }>(
      'getrawtransaction',
      [txid, true, block],
    );
    const out = tx.vout.find(
      (v) => v.scriptPubKey.addresses?.includes(address) && toSats(v.value) === amount,
    );
    if (!out) throw new Error(`no output to ${address} in ${txid}`);
    return { txid, vout: out.n, amount };
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin?.end();
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
    }
    await rm(dir, { recursive: true, force: true });
  };
  return { call, mine, fund, stop };
}
