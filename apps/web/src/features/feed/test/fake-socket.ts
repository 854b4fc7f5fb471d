import type { FeedSocket } from '../lib/feed-connection';
import { createFeedHub, type FeedHubDeps } from '../lib/feed-hub';
import { feedPayloads } from '../lib/feed-payloads';

type Handler = (arg?: unknown) => void;

/** A feed socket the test drives: `fire` plays an event from the server, `sent` records what was sent. */
export class FakeSocket implements FeedSocket {
  handlers = new Map<string, Handler[]>();
  sent: [string, string[]][] = [];
  connects = 0;
  closed = false;
  on(event: string, cb: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), cb]);
  }
  fire(event: string, arg?: unknown) {
    for (const h of this.handlers.get(event) ?? []) h(arg);
  }
  connect() {
    this.connects++;
  }
  disconnect() {
    this.closed = true;
    this.fire('disconnect');
  }
  emit(event: string, ids: string[]) {
    this.sent.push([event, ids]);
  }
  /** The id lists sent, in order (each `watch`). */
  get emitted(): string[][] {
    return this.sent.map(([, ids]) => ids);
  }
}

/** A socket factory that keeps every FakeSocket it made. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    last: () => sockets.at(-1) as FakeSocket,
  };
}

/** A feed hub on FakeSockets, for a guest unless `deps` says otherwise. */
export function fakeFeedHub(deps: Partial<FeedHubDeps> = {}) {
  const f = fakeSockets();
  const hub = createFeedHub({
    loadSocket: async () => ({ payloads: feedPayloads, socket: f.socket }),
    identity: () => null,
    subscribeIdentity: () => () => {},
    onNotice: () => {},
    ...deps,
  });
  return { ...f, hub };
}
