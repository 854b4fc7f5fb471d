import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createUtxoRpc, type UtxoRpc } from './rpc';

/**
 * A private Litecoin chain: Debian's `litecoind -regtest` (Litecoin Core, the Bitcoin Core code base
 * and RPC) on loopback ports that were free, with a data directory of its own, a wallet, and blocks
 * only when asked for. Used by the tests; never a download.
 */
export interface Litecoind {
  /** The RPC URL with its credentials (as LTC_RPC_URL takes it). */
  url: string;
  rpc: UtxoRpc;
  /** An address of the node's own wallet (where mined coins go). */
  minerAddress: string;
  /** Mines `n` blocks to the node's wallet; returns their hashes. */
  mine(n: number): Promise<string[]>;
  stop(): Promise<void>;
}

/** What a test says on a machine without the node: how to get it. */
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

/** Starts the node, makes a wallet and mines `fund` blocks to it (101: the first coins spendable). */
export async function startLitecoind(
  o: { fund?: number; dataDir?: string; replacement?: boolean } = {},
): Promise<Litecoind> {
  if (!litecoindInstalled()) throw new Error(LITECOIND_MISSING);
  const dir = o.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'vaultline-ltc-'));
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
    '-addresstype=bech32',
    '-changetype=bech32',
    '-printtoconsole=0',
    // Litecoin Core takes no replacement by default; a node (and miner) that takes fee bumps runs with it.
    ...(o.replacement ? ['-mempoolreplacement=1'] : []),
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
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`litecoind exited (${child.exitCode}): ${errors}`);
    try {
      await rpc.call('getblockcount');
      break;
    } catch (err) {
      if (Date.now() > until) {
        await stopChild(child, rpc);
        throw new Error(`litecoind did not start: ${(err as Error).message} ${errors}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await rpc.call('createwallet', ['miner']);
  const minerAddress = await rpc.call<string>('getnewaddress', ['', 'bech32']);
  const mine = (n: number) => rpc.call<string[]>('generatetoaddress', [n, minerAddress]);
  if ((o.fund ?? 101) > 0) await mine(o.fund ?? 101);
  return {
    url,
    rpc,
    minerAddress,
    mine,
    stop: async () => {
      await stopChild(child, rpc);
      if (!o.dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
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
