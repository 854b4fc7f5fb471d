import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Node and Fastify close the idle connections once, when the close begins. A kept-alive connection
// busy then (its request still arriving, or its answer on its way) fell idle later and stayed open
// for the keep-alive timeout (72 s), and the close waited for it: a SIGTERM took over a minute.
it('a connection busy when the close begins is closed once its answer is sent, so the close ends at once', async () => {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (d) => {
    answer += String(d);
  });
  const ended = once(socket, 'close');
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' });
  // The request's headers arrive before the close, its body after the close has begun.
  socket.write(
    `POST /api/Auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await pause(200);
  const started = Date.now();
  const closed = t.close();
  await pause(300);
  socket.write(body.slice(5));
  await closed;
  expect(Date.now() - started).toBeLessThan(3000);
  await ended;
  // It was answered in full (as a kept-alive answer: the server closed the connection after it).
  expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
  expect(answer.toLowerCase()).toContain('connection: keep-alive');
}, 15_000);
