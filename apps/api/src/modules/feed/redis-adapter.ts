/** The one log call the feed makes (errors it cannot hand to a caller). */
export interface FeedLog {
  error(obj: object, msg: string): void;
}

/**
 * The Socket.IO Redis adapter over node-redis (STACK.md): a publishing and a subscribing client, so
 * a broadcast made on one instance reaches the rooms on every instance. Loaded only with REDIS_URL.
 */
export async function openRedisAdapter(url: string, key: string, log: FeedLog) {
  const [{ createClient }, { createAdapter }] = await Promise.all([
    import('redis'),
    import('@socket.io/redis-adapter'),
  ]);
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // Without a listener a lost connection would crash the process; node-redis reconnects by itself.
  pub.on('error', (err: unknown) => log.error({ err }, 'feed redis (publish) error'));
  sub.on('error', (err: unknown) => log.error({ err }, 'feed redis (subscribe) error'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub, { key }),
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
