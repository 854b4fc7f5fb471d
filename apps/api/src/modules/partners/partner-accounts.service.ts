import { PARTNER_ERRORS, PARTNER_LIMITS, type PartnerAccount, type PartnerKeyScope } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import { newApiKey } from './api-keys';
import * as repo from './partners.repository';

type PartnerRow = NonNullable<Awaited<ReturnType<typeof repo.findPartner>>>;

const toAccount = (p: PartnerRow): PartnerAccount => ({
  userId: p.userId,
  maxCommission: p.maxCommission,
  commission: p.commission,
  createdAt: p.createdAt.toISOString(),
});
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Partner accounts (DECISIONS §11): an admin sets the maximum commission, the partner picks its
 * rate within it and manages its API keys. Callers are already known to be partners (requirePartner).
 */
export function createPartnerAccounts({ db, audit }: { db: Db; audit: AuditTrail }) {
  return {
    /** Makes an account a partner or changes its maximum (its commission clamped down to it). */
    async setMaximum(actorId: string, userId: string, maxCommission: string): Promise<PartnerAccount> {
      return db.transaction(async (tx) => {
        if (!(await repo.userExists(tx, userId))) throw notFound('User not found', 'USER_NOT_FOUND');
        const before = await repo.findPartner(tx, userId);
        const after = await repo.upsertPartner(tx, userId, maxCommission);
        await audit.record(tx, {
          actorId,
          action: 'partner.maxCommission',
          targetType: 'user',
          targetId: userId,
          before: before ? { maxCommission: before.maxCommission, commission: before.commission } : null,
          after: { maxCommission: after.maxCommission, commission: after.commission },
        });
        return toAccount(after);
      });
    },

    /** A partner by its user id; undefined when the account is not a partner. */
    /** A partner whose account is active (the widget's); undefined for any other id. */
    async findActive(partnerId: string): Promise<PartnerAccount | undefined> {
      const p = await repo.findActivePartner(db, partnerId);
      return p ? toAccount(p) : undefined;
    },

    async get(partnerId: string): Promise<PartnerAccount> {
      const p = await repo.findPartner(db, partnerId);
      if (!p) throw notFound(PARTNER_ERRORS.notPartner, 'NOT_PARTNER');
      return toAccount(p);
    },

    async setCommission(partnerId: string, commission: string): Promise<PartnerAccount> {
      const row = await repo.setCommission(db, partnerId, commission);
      if (row) return toAccount(row);
      const p = await repo.findPartner(db, partnerId);
      if (!p) throw notFound(PARTNER_ERRORS.notPartner, 'NOT_PARTNER');
      throw new AppError(
        422,
        'COMMISSION_ABOVE_MAX',
        PARTNER_ERRORS.commissionAboveMax(p.maxCommission),
        {
          commission: PARTNER_ERRORS.commissionAboveMax(p.maxCommission),
        },
        { max: p.maxCommission },
      );
    },

    /** A new key: the only time its value is returned; only its SHA-256 is stored. */
    async createKey(partnerId: string, name: string, scopes: PartnerKeyScope[]) {
      return db.transaction(async (tx) => {
        // The partner row, locked: two creates at once cannot both pass the count below.
        await tx.execute(sql`select 1 from partners where user_id = ${partnerId} for update`);
        if ((await repo.countActiveKeys(tx, partnerId)) >= PARTNER_LIMITS.maxKeys) {
          throw new AppError(
            409,
            'PARTNER_KEY_LIMIT',
            `You already have ${PARTNER_LIMITS.maxKeys} active API keys. Revoke one first.`,
            undefined,
            { max: PARTNER_LIMITS.maxKeys },
          );
        }
        const k = newApiKey();
        const { id } = await repo.insertKey(tx, {
          partnerId,
          name,
          prefix: k.prefix,
          keyHash: k.hash,
          scopes,
        });
        return { id, key: k.key };
      });
    },

    async listKeys(partnerId: string) {
      const rows = await repo.listKeys(db, partnerId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        scopes: r.scopes as PartnerKeyScope[],
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: iso(r.lastUsedAt),
        revokedAt: iso(r.revokedAt),
      }));
    },

    /** Revokes one of the partner's own keys; refused by every instance from the next request. */
    async revokeKey(partnerId: string, keyId: string): Promise<void> {
      if (!(await repo.revokeKey(db, partnerId, keyId)))
        throw notFound('API key not found', 'PARTNER_KEY_NOT_FOUND');
    },
  };
}
export type PartnerAccounts = ReturnType<typeof createPartnerAccounts>;
