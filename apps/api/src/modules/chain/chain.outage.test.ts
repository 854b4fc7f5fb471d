import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  payoutsOf,
  publicView,
  startChains,
  waitFor,
} from './chain.test-helpers';

// The node down for a while, or answering garbage: reading resumes from the last block read, nothing
// is missed, nothing crashes, and the log says so in one clear line each way.
type Mode = 'pass' | 'down' | 'not-json' | 'nonsense';
let mode: Mode = 'pass';
let chains: Chains;
let t: TestApp;
let proxy: http.Server;
const lines: string[] = [];

/** A JSON-RPC proxy in front of the ETH node that can fail the way nodes fail. */
function startProxy(target: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', async () => {
      if (mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (mode === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
        return;
      }
      if (mode === 'nonsense') {
        const ask = JSON.parse(Buffer.concat(body).toString()) as { id: number } | { id: number }[];
        const answer = (q: { id: number }) => ({ jsonrpc: '2.0', id: q.id, result: 'banana' });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(ask) ? ask.map(answer) : answer(ask)));
        return;
      }
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(body),
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  chains = await startChains({ confirmations: 2 });
  proxy = await startProxy(chains.eth.anvil.url);
  const port = (proxy.address() as AddressInfo).port;
  const logs = logLines(lines);
  t = await chainApp(chains, { ETH_RPC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info' }, logs);
}, 60_000);

afterAll(async () => {
  await t?.close();
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await chains?.stop();
});

const logged = (re: RegExp) => lines.filter((l) => re.test(l));

describe('the node fails', () => {
  it('down, then garbage, then back: the deposit made meanwhile is seen, settled and paid once', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    const admin = await makeUser(t, { role: 'admin' });

    mode = 'down';
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await chains.eth.mine(3);
    await waitFor(
      async () => logged(/ETH: node unreachable or answering badly/).length > 0,
      20_000,
      'the outage logged',
    );
    const status = await t.request({ method: 'GET', url: '/api/Admin/chains', token: admin.token });
    const eth = (
      status.json().content.networks as { network: string; rpcOk: boolean; rpcError: string }[]
    ).find((n) => n.network === 'ETH');
    expect(eth?.rpcOk).toBe(false);
    expect(eth?.rpcError).toBeTruthy();
    // The RPC address never reaches the log (it often holds an API key).
    expect(lines.some((l) => l.includes(`127.0.0.1:${(proxy.address() as AddressInfo).port}`))).toBe(false);

    for (const m of ['not-json', 'nonsense'] as const) {
      mode = m;
      await new Promise((r) => setTimeout(r, 300));
      expect((await publicView(t, e.id)).status).toBe(TransactionStatus.awaitingVerification);
    }
    // One line for the whole outage, not one per pass.
    expect(logged(/ETH: node unreachable or answering badly/)).toHaveLength(1);

    mode = 'pass';
    await waitFor(
      async () => logged(/ETH: the node answers again/).length > 0,
      20_000,
      'the recovery logged',
    );
    await waitFor(async () => (await payoutsOf(t, e.id))[0]?.status === 'sent', 20_000, 'payout sent');
    // Mined and confirmed (2 confirmations): it settles the exchange.
    await chains.bsc.mine(2);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );
    expect(await payoutsOf(t, e.id)).toHaveLength(1);
    expect(await auditClean(t)).toBe(true);
    expect(logged(/"level":50/)).toEqual([]);
  }, 90_000);
});
