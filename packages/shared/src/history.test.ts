import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransactionStatus } from './enums';
import { mergeProgress, ownsTransaction, statusRank, type TransactionProgress } from './history';

const statuses = Object.values(TransactionStatus);
const status = fc.constantFrom(...statuses);
const iso = fc
  .integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 })
  .map((t) => new Date(t).toISOString());
const update = fc.record({
  status,
  adminNotes: fc.option(fc.string({ maxLength: 8 })),
  transactionHash: fc.option(
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 4, maxLength: 8 }),
  ),
  updatedAt: iso,
});
const base = (s: number): TransactionProgress => ({
  id: 'x',
  status: s,
  adminNotes: null,
  transactionHash: null,
  updatedAt: null,
});

describe('merge rule (spec-1 §4)', () => {
  it('ranks notProcessed < awaitingVerification < pending < failed < success', () => {
    const order = [
      TransactionStatus.notProcessed,
      TransactionStatus.awaitingVerification,
      TransactionStatus.pending,
      TransactionStatus.failed,
      TransactionStatus.success,
    ];
    for (let i = 1; i < order.length; i++)
      expect(statusRank(order[i])).toBeGreaterThan(statusRank(order[i - 1]));
  });

  it('never moves a status backwards, whatever order the updates arrive in', () => {
    fc.assert(
      fc.property(status, fc.array(update, { maxLength: 12 }), (start, updates) => {
        let cur = base(start);
        for (const u of updates) {
          const next = mergeProgress(cur, u).merged;
          expect(statusRank(next.status)).toBeGreaterThanOrEqual(statusRank(cur.status));
          cur = next;
        }
        // The final status is the highest ranked seen, so any permutation ends the same.
        const best = [start, ...updates.map((u) => u.status)].reduce((a, b) =>
          statusRank(b) > statusRank(a) ? b : a,
        );
        expect(statusRank(cur.status)).toBe(statusRank(best));
      }),
    );
  });

  it('is idempotent, and notifies only on a forward move to success or failed', () => {
    fc.assert(
      fc.property(status, update, (start, u) => {
        const once = mergeProgress(base(start), u);
        const twice = mergeProgress(once.merged, u);
        expect(twice.merged).toEqual(once.merged);
        expect(twice.statusChanged).toBe(false);
        expect(twice.notify).toBeNull();
        if (once.notify) {
          expect(once.statusChanged).toBe(true);
          expect(once.merged.status).toBe(
            once.notify === 'success' ? TransactionStatus.success : TransactionStatus.failed,
          );
        }
      }),
    );
  });

  it('keeps notes and hash from a newer update, not from an older one', () => {
    const stored = {
      ...base(TransactionStatus.pending),
      adminNotes: 'new',
      updatedAt: '2026-11-23T10:00:00.000Z',
    };
    const late = {
      status: TransactionStatus.pending,
      adminNotes: 'old',
      updatedAt: '2026-11-23T09:00:00.000Z',
    };
    expect(mergeProgress(stored, late).merged.adminNotes).toBe('new');
    const fresh = {
      status: TransactionStatus.success,
      adminNotes: 'paid',
      transactionHash: 'ab12',
      updatedAt: '2026-11-23T11:00:00.000Z',
    };
    expect(mergeProgress(stored, fresh)).toMatchObject({
      merged: { status: TransactionStatus.success, adminNotes: 'paid', transactionHash: 'ab12' },
      notify: 'success',
    });
  });
});

describe('confirmations on a watched network (DECISIONS §10)', () => {
  it("take the newest count the feed sends, and never an older update's", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), iso), { minLength: 1, maxLength: 8 }),
        (ups) => {
          let row = {
            ...base(TransactionStatus.pending),
            confirmations: null as number | null,
            updatedAt: null as string | null,
          };
          for (const [c, at] of ups)
            row = mergeProgress(row, {
              status: TransactionStatus.pending,
              depositConfirmations: c,
              updatedAt: at,
            }).merged;
          const newest = [...ups].sort((a, b) => Date.parse(a[1]) - Date.parse(b[1])).at(-1);
          // The count left is the one of an update no older than any other applied.
          expect(ups.some(([c, at]) => c === row.confirmations && at === newest?.[1])).toBe(true);
        },
      ),
    );
  });

  it('leave a row without confirmations as it is', () => {
    const merged = mergeProgress(base(TransactionStatus.pending), {
      status: 2,
      depositConfirmations: 3,
    }).merged;
    expect('confirmations' in merged).toBe(false);
  });
});

describe('history ownership (spec-1 §4, DECISIONS §4)', () => {
  const uuid = fc.uuid();
  it("a user's transaction belongs to that signed-in user only, whatever ids a browser holds", () => {
    fc.assert(
      fc.property(uuid, uuid, fc.option(uuid), fc.array(uuid), (id, owner, viewer, held) => {
        const mine = ownsTransaction(
          { id, userId: owner },
          { userId: viewer, localIds: new Set([...held, id]) },
        );
        expect(mine).toBe(viewer === owner);
      }),
    );
  });

  it('a guest exchange belongs to whoever holds its id, and to nobody else', () => {
    fc.assert(
      fc.property(uuid, fc.option(uuid), fc.array(uuid), (id, viewer, held) => {
        const owns = ownsTransaction({ id, userId: null }, { userId: viewer, localIds: new Set(held) });
        expect(owns).toBe(held.includes(id));
      }),
    );
  });
});
