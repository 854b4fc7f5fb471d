import http from 'node:http';
import { FEED_PATH } from '@vaultline/shared';
import { expect, it } from 'vitest';
import { listeningApp } from './feed.test-helpers';

/** A GET over the given agent: its status, its Connection header and its body. */
function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += String(d);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

// A browser reconnects at once when the feed closes its transport, over a connection it keeps
// alive, and Node keeps serving kept-alive connections after the server closes: a new session
// long-polling there would hold a closing server open until the page went away.
it('once the feed closes (the start of the app close) it refuses new sessions and ends their connection', async () => {
  const { t, url } = await listeningApp();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const handshake = `${url}${FEED_PATH}/?EIO=4&transport=polling`;
  try {
    const before = await get(agent, handshake);
    expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });
    await t.app.services.feed.close();
    const after = await get(agent, handshake);
    expect(after).toMatchObject({ status: 403, connection: 'close' });
    expect(after.body).toContain('The server is shutting down');
  } finally {
    agent.destroy();
    await t.close();
  }
});
