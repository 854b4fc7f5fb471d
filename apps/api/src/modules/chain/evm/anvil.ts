import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A local development chain: Foundry's anvil, the prebuilt binary inside the npm package
 * @foundry-rs/anvil-linux-amd64 (an optional dependency: Linux x64 only). Used by demo mode and by
 * the tests; never a download. It listens on loopback on a port the system picks.
 */
export interface Anvil {
  url: string;
  wsUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface AnvilOptions {
  chainId: number;
  /** Mine a block every this many seconds; without it a block is mined per transaction (automine). */
  blockTime?: number;
  /** Neither automine nor interval mining: blocks come only from `anvil_mine` / `evm_mine`. */
  noMining?: boolean;
  /** Load the chain from this file at start and write it back on exit (and every `stateInterval` s). */
  statePath?: string;
  stateInterval?: number;
}

/** The anvil binary, or undefined on a platform without the package. */
export function anvilBinary(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/package.json');
    const bin = path.join(path.dirname(pkg), 'bin', 'anvil');
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

export async function startAnvil(o: AnvilOptions): Promise<Anvil> {
  const bin = anvilBinary();
  if (!bin) throw new Error('anvil is not installed (@foundry-rs/anvil-linux-amd64, Linux x64 only)');
  const args = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(o.chainId), '--accounts', '4'];
  if (o.blockTime) args.push('--block-time', String(o.blockTime));
  if (o.noMining) args.push('--no-mining');
  if (o.statePath) args.push('--state', o.statePath, '--state-interval', String(o.stateInterval ?? 10));
  // anvil outlives a parent killed outright; a shell between them stops it when our end of its
  // standard input closes, which happens however this process ends. Both run in a process group of
  // their own (detached): a signal a terminal or a service manager sends to the server's group does
  // not stop the chain under the server's feet while it finishes its work; the server stops it last.
  const child = spawn(
    'sh',
    ['-c', '"$0" "$@" & a=$!; cat >/dev/null; kill -INT $a 2>/dev/null; wait $a', bin, ...args],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${out.slice(-500)}`)), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep reading (and dropping) its output so the pipe never fills up.
        child.stdout?.resume();
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code}): ${out.slice(-500)}`));
    });
  });
  child.stderr?.resume();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Closing its input makes the shell stop anvil (which writes its state file first).
    child.stdin?.end();
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
