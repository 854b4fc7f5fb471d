import { Writable } from 'node:stream';
import { expect } from 'vitest';

/** Every log line of the app as JSON, for tests that assert what was logged. */
export function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return {
    stream,
    lines,
    /** The lines logged since `from` (an index into lines) with this message. */
    since: (from: number, msg: string) => lines.slice(from).filter((l) => l.msg === msg),
  };
}

/** A checkout.session.completed object in Stripe's shape, with what a test changes. */
export function completedSession(over: Record<string, unknown>) {
  return {
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    customer: null,
    subscription: null,
    payment_intent: `pi_${Math.random().toString(36).slice(2, 12)}`,
    ...over,
  };
}

/** One refusal logged for this checkout, with this reason. */
export function expectRefusal(
  log: ReturnType<typeof capturedLog>,
  from: number,
  checkoutId: string,
  reason: string,
) {
  const refused = log.since(from, 'checkout completion not applied');
  expect(refused, JSON.stringify(log.lines.slice(from))).toEqual([
    expect.objectContaining({ checkoutId, reason }),
  ]);
}
