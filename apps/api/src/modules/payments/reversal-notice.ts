import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { MailService } from '../mail/mail.service';
import type { ReversalNotice } from './reversals';

/** The e-mail the admins get when money left outside the app (no card data, no user e-mail). */
export function reversalMail(n: ReversalNotice): { subject: string; text: string } {
  const what =
    n.reason === 'card_dispute'
      ? `a chargeback (dispute ${n.reference})`
      : 'a refund made at the payment gateway, not in the back office';
  const lines = [`A card payment was taken back by ${what}: ${n.gatewayAmount} ${n.currency}.`, ''];
  if (n.deposit) {
    lines.push(
      `Card deposit ${n.deposit.id} of user ${n.userId}:`,
      `- taken back from this deposit: ${n.deposit.taken} ${n.deposit.ticker}`,
      `- debited from the wallet: ${n.deposit.debited} ${n.deposit.ticker}`,
    );
    if (n.deposit.held !== '0')
      lines.push(
        `- owed, not in the wallet any more: ${n.deposit.held} ${n.deposit.ticker}`,
        '',
        'The account can spend nothing (no conversion, no withdrawal) until the debt is settled and the hold is cleared in the back office (Spending holds).',
      );
  }
  if (n.premiumPaymentId)
    lines.push(
      `Premium payment ${n.premiumPaymentId} of user ${n.userId}: premium has ended and its subscription is cancelled.`,
    );
  return {
    subject:
      n.reason === 'card_dispute'
        ? 'Card chargeback: action needed'
        : 'Card payment refunded outside the back office',
    text: lines.join('\n'),
  };
}

/** Tells every active admin, through the mail outbox (readable in the back office without SMTP). */
export function createAdminNotifier(deps: {
  db: Db;
  mail: Pick<MailService, 'send'>;
  log: FastifyBaseLogger;
}) {
  return async function notifyAdmins(n: ReversalNotice): Promise<void> {
    const admins = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 1)));
    const m = reversalMail(n);
    for (const a of admins) await deps.mail.send({ to: a.email, ...m });
    deps.log.warn(
      {
        reason: n.reason,
        userId: n.userId,
        depositId: n.deposit?.id,
        held: n.deposit?.held,
        premiumPaymentId: n.premiumPaymentId,
      },
      'card payment taken back outside the app',
    );
  };
}
