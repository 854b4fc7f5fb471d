import type { AuditAction, SecurityEvent, SecurityEventType } from '@vaultline/shared';
import type { Db } from '../../db/client';
import type { AuditTrail } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { insertSecurityEvent, listSecurityEvents } from './security-history.repository';
import { securityMail } from './security-mail';
import * as repo from './two-factor.repository';

/** Where a request came from: shown in the security history and the e-mails. */
export interface RequestOrigin {
  userAgent: string | null;
  ip: string | null;
}

/** The admin audit action of a user's own security event, for an admin's account. */
const AUDIT_OF: Partial<Record<SecurityEventType, AuditAction>> = {
  'totp.enabled': 'twoFactor.added',
  'passkey.added': 'twoFactor.added',
  'totp.disabled': 'twoFactor.removed',
  'passkey.removed': 'twoFactor.removed',
  'recoveryCode.used': 'twoFactor.recoveryCodeUsed',
  'signIn.newDevice': 'twoFactor.newDevice',
};

/**
 * One security event: a row in the user's history, an e-mail in their language (through the
 * outbox), and for an admin's own account a row in the admin audit log.
 */
export function createSecurityEvents({ db, mail, audit }: { db: Db; mail: MailService; audit: AuditTrail }) {
  return {
    async record(
      userId: string,
      type: SecurityEventType,
      origin: RequestOrigin,
      detail: string | null = null,
      extra: { lockHours?: number } = {},
    ): Promise<void> {
      const user = await repo.findUserInfo(db, userId);
      if (!user) return;
      const userAgent = origin.userAgent?.slice(0, 300) ?? null;
      await db.transaction(async (tx) => {
        await insertSecurityEvent(tx, { userId, type, userAgent, ip: origin.ip, detail });
        const action = AUDIT_OF[type];
        if (user.role === 'admin' && action)
          await audit.record(tx, {
            actorId: userId,
            action,
            targetType: 'user',
            targetId: userId,
            before: null,
            after: { event: type, ...(detail ? { detail } : {}), ip: origin.ip },
          });
      });
      const m = securityMail(user.language, {
        type,
        detail,
        at: new Date(),
        userAgent,
        ip: origin.ip,
        ...extra,
      });
      await mail.send({ to: user.email, subject: m.subject, text: m.text });
    },

    async list(userId: string): Promise<SecurityEvent[]> {
      const rows = await listSecurityEvents(db, userId, 100);
      return rows.map((r) => ({
        id: r.id,
        type: r.type as SecurityEventType,
        at: r.at.toISOString(),
        userAgent: r.userAgent,
        ip: r.ip,
        detail: r.detail,
      }));
    },
  };
}
export type SecurityEvents = ReturnType<typeof createSecurityEvents>;
