import { createRequire } from 'node:module';
import type { OutboxMessage } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import {
  insertOutbox,
  insertOutboxMany,
  listOutbox,
  markFailed,
  markSent,
  undelivered,
} from './mail.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What actually delivers a message; nodemailer's SMTP transport in production, a fake in tests. */
export interface MailTransport {
  sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export interface MailServiceDeps {
  db: Db;
  config: Pick<Config, 'env' | 'smtpUrl' | 'mailFrom'>;
  log: FastifyBaseLogger;
  transport?: MailTransport;
}

/**
 * Every message is stored in mail_outbox first (admins read it when no SMTP is configured), then
 * delivered by SMTP when configured. Delivery runs after the caller's answer so that its duration
 * never tells a caller whether an address is known; the outcome is recorded on the outbox row.
 */
export function createMailService({ db, config, log, transport }: MailServiceDeps) {
  // nodemailer is loaded only when SMTP is configured (docs/performance.md).
  const smtp =
    transport ??
    (config.smtpUrl
      ? (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(config.smtpUrl)
      : undefined);
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, m: MailMessage): Promise<void> {
    if (!smtp) return;
    try {
      await smtp.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text });
      await markSent(db, id);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.warn({ mailId: id, reason }, 'mail delivery failed');
      await markFailed(db, id, reason.slice(0, 500)).catch(() => undefined);
    }
  }

  function queued(id: string, m: MailMessage): void {
    // The body may hold a reset link: only a developer's own console may show it (DECISIONS §7).
    if (config.env === 'development')
      log.info({ mailId: id, to: m.to, subject: m.subject, body: m.text }, 'mail');
    else log.info({ mailId: id }, 'mail queued');
    const job = deliver(id, m).finally(() => pending.delete(job));
    pending.add(job);
  }

  return {
    async send(m: MailMessage): Promise<string> {
      const id = await insertOutbox(db, { to: m.to, subject: m.subject, body: m.text });
      queued(id, m);
      return id;
    },
    /**
     * The message stored in the caller's transaction, so that it exists exactly when the change
     * that calls for it does (a failure or a crash between the two never loses it). Answers what
     * delivers it: call that after the commit.
     */
    async stage(tx: DbOrTx, m: MailMessage): Promise<() => void> {
      const id = await insertOutbox(tx, { to: m.to, subject: m.subject, body: m.text });
      return () => queued(id, m);
    },
    /** Several messages stored in one statement (a block's worth of status changes), then each sent. */
    async sendMany(ms: MailMessage[]): Promise<string[]> {
      const ids = await insertOutboxMany(
        db,
        ms.map((m) => ({ to: m.to, subject: m.subject, body: m.text })),
      );
      for (const [i, id] of ids.entries()) queued(id, ms[i] as MailMessage);
      return ids;
    },
    /**
     * The queue (metrics): deliveries under way in this process and, with SMTP, the outbox rows not
     * delivered yet (neither sent nor failed) and the oldest one's time.
     */
    async queue(): Promise<
      { inFlight: number; undelivered: number; oldest: Date | null } | { inFlight: number }
    > {
      if (!smtp) return { inFlight: pending.size };
      return { inFlight: pending.size, ...(await undelivered(db)) };
    },
    /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...pending]);
    },
    async outbox(opts: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
      const rows = await listOutbox(db, opts);
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        error: r.error,
      }));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
