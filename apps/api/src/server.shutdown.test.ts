import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './modules/chain/utxo/litecoind';
import { startServer } from './security/earlier-holes.helpers';

// The process entry's stop (server.ts): one close however many signals arrive, and a close that
// hangs is cut short after SHUTDOWN_TIMEOUT_SECONDS with the step it hung in.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function serve(port: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-stop-'));
  dirs.push(dataDir);
  return startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: 'false',
    SHUTDOWN_TIMEOUT_SECONDS: '2',
    // A request may take a minute to arrive: only the shutdown timeout ends the one below.
    HTTP_REQUEST_TIMEOUT_SECONDS: '60',
  });
}

it('two SIGTERMs in a row start one close, which ends by itself (exit 0)', async () => {
  const port = await freePort();
  const server = serve(port);
  await server.ready(`http://127.0.0.1:${port}`);
  server.child.kill('SIGTERM');
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.output()).not.toContain('shutdown did not end');
}, 120_000);

it('a close held up past SHUTDOWN_TIMEOUT_SECONDS exits 1 and says which step hung', async () => {
  const port = await freePort();
  const server = serve(port);
  await server.ready(`http://127.0.0.1:${port}`);
  // A request whose body is still arriving: the close waits for it.
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => {});
  socket.write(
    'POST /api/Auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
  );
  await new Promise((r) => setTimeout(r, 200));
  const started = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  socket.destroy();
  expect(code).toBe(1);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(server.output()).toContain('shutdown did not end within 2000 ms (closing the app)');
}, 120_000);
