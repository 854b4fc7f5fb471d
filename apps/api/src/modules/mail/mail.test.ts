import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, session } from '../auth/auth.test-helpers';
import { createMailService, type MailTransport } from './mail.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { info() {}, warn() {} } as never;

describe('mail service', () => {
  it('stores every message in the outbox; without SMTP it stays unsent', async () => {
    const id = await t.services.mail.send({ to: 'a@example.test', subject: 'Hi', text: 'Body' });
    await t.services.mail.idle();
    const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({
      to: 'a@example.test',
      subject: 'Hi',
      body: 'Body',
      sentAt: null,
      error: null,
    });
  });

  it('delivers through the transport and records the time it was sent', async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    const mail = createMailService({
      db: t.services.db,
      config: { env: 'test', smtpUrl: undefined, mailFrom: 'Vaultline <x@example.test>' },
      log: silent,
      transport,
    });
    const id = await mail.send({ to: 'b@example.test', subject: 'S', text: 'T' });
    await mail.idle();
    expect(sent).toEqual([
      { from: 'Vaultline <x@example.test>', to: 'b@example.test', subject: 'S', text: 'T' },
    ]);
    const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('reports its queue: deliveries under way, and the outbox rows not delivered yet', async () => {
    // Other tests in this file leave rows of their own: this one counts from what it adds.
    let release = () => {};
    const transport: MailTransport = { sendMail: () => new Promise<void>((r) => (release = r)) };
    const mail = createMailService({
      db: t.services.db,
      config: { env: 'test', smtpUrl: undefined, mailFrom: 'x@example.test' },
      log: silent,
      transport,
    });
    const before = await mail.queue();
    expect(before.inFlight).toBe(0);
    const base = 'undelivered' in before ? before.undelivered : Number.NaN;
    await mail.send({ to: 'q@example.test', subject: 'S', text: 'T' });
    const during = await mail.queue();
    expect(during).toMatchObject({ inFlight: 1, undelivered: base + 1 });
    expect('oldest' in during && during.oldest).toBeInstanceOf(Date);
    release();
    await mail.idle();
    expect(await mail.queue()).toMatchObject({ inFlight: 0, undelivered: base });
    // Without SMTP the outbox is where mail stays (admins read it): no queue to report there.
    expect(await t.services.mail.queue()).toEqual({ inFlight: 0 });
  });

  it('records a delivery failure instead of throwing', async () => {
    const transport: MailTransport = {
      sendMail: async () => {
        throw new Error('connection refused');
      },
    };
    const mail = createMailService({
      db: t.services.db,
      config: { env: 'test', smtpUrl: undefined, mailFrom: 'x@example.test' },
      log: silent,
      transport,
    });
    const id = await mail.send({ to: 'c@example.test', subject: 'S', text: 'T' });
    await mail.idle();
    const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ sentAt: null, error: 'connection refused' });
  });
});

describe('mail logging', () => {
  const capture = () => {
    const lines: unknown[] = [];
    return {
      lines,
      log: { info: (o: unknown) => lines.push(o), warn: (o: unknown) => lines.push(o) } as never,
    };
  };
  const secret = 'https://x.test/changePassword?token=SECRET-TOKEN';

  it('never logs the body outside development', async () => {
    for (const env of ['test', 'production'] as const) {
      const { lines, log } = capture();
      const mail = createMailService({
        db: t.services.db,
        config: { env, smtpUrl: undefined, mailFrom: 'x' },
        log,
      });
      await mail.send({ to: 'e@example.test', subject: 'Reset', text: secret });
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
    }
  });

  it('logs the whole message in development, where there may be no mailbox', async () => {
    const { lines, log } = capture();
    const mail = createMailService({
      db: t.services.db,
      config: { env: 'development', smtpUrl: undefined, mailFrom: 'x' },
      log,
    });
    await mail.send({ to: 'e@example.test', subject: 'Reset', text: secret });
    expect(JSON.stringify(lines)).toContain('SECRET-TOKEN');
  });
});

describe('GET /api/Admin/outbox', () => {
  it('lists recent messages, newest first, filtered by recipient, for admins', async () => {
    const a = await createUser(t, { role: 'admin' });
    const { token } = await session(t, a.email, a.password);
    await t.services.mail.send({ to: 'd@example.test', subject: 'First', text: 'one' });
    // Newest first is by the time queued, which the embedded database keeps to the millisecond.
    await new Promise((r) => setTimeout(r, 3));
    await t.services.mail.send({ to: 'd@example.test', subject: 'Second', text: 'two' });
    const res = await t.request({ method: 'GET', url: '/api/Admin/outbox?to=D@example.test', token });
    expect(res.statusCode).toBe(200);
    const list = res.json().content;
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({ to: 'd@example.test', body: 'two', sentAt: null, error: null });
    expect(list[0].createdAt).toEqual(expect.any(String));

    const limited = await t.request({ method: 'GET', url: '/api/Admin/outbox?limit=1', token });
    expect(limited.json().content).toHaveLength(1);
    const bad = await t.request({ method: 'GET', url: '/api/Admin/outbox?limit=abc', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
  });

  it('is refused to guests (401) and to users (403)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/Admin/outbox' })).statusCode).toBe(401);
    const u = await createUser(t);
    const { token } = await session(t, u.email, u.password);
    const res = await t.request({ method: 'GET', url: '/api/Admin/outbox', token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});
