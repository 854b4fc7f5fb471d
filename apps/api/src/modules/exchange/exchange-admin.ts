import {
  type AdminExchange,
  type AdminExchangesPageQuery,
  type AdminKeysetPage,
  CHAIN_ERRORS,
  Decimal,
  EXCHANGE_ERRORS,
  EXCHANGE_LIMITS,
  EXCHANGE_RECEIVED_ERRORS,
  TransactionStatus,
  toPlain,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { pageOf, planPage } from '../../lib/keyset';
import type { AuditTrail } from '../audit/audit.service';
import { canonicalHash } from '../chain/tx-hash';
import type { LedgerService } from '../ledger/ledger.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import {
  type ExchangeRow,
  lockExchange,
  setExchangeEntry,
  setExchangeStatus,
  updateExchange,
} from './exchange.repository';
import { exchangeAudit } from './exchange-audit';
import type { ExchangeChain } from './exchange-chain';
import { countExchanges, listExchanges } from './exchange-list.repository';
import type { ReceivedOps } from './exchange-received';
import { chainSettlementEntry, settlementEntry } from './exchange-settlement';
import { quoteLapsed } from './quote-window';

const EXCHANGE_FINAL = 'This exchange has succeeded; its status can no longer change.';

export interface ExchangeAdminDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  ledger: Pick<LedgerService, 'post'>;
  audit: AuditTrail;
  toAdmin(r: ExchangeRow): Promise<AdminExchange>;
  /** Feed and status e-mail of a committed change (the exchange service's). */
  statusChanged(r: ExchangeRow): Promise<void>;
  received: ReceivedOps;
  chainOps: ExchangeChain;
  /** A manual exchange's quote holds this long unless confirmed within it (quote-window.ts). */
  expiryMinutes: number;
}

/**
 * The back office's side of guest exchanges (spec-2 admin calls): the paged lists with the e-mail,
 * a status decision with notes and an optional payout hash (success settles in the ledger, once,
 * in the decision's transaction, with its audit row), and the amount actually received.
 */
export function createExchangeAdminOps(deps: ExchangeAdminDeps) {
  const { db, catalog, toAdmin, statusChanged, received } = deps;

  /**
   * The house's transfer hash an admin gives with a decision: the payout on the destination network
   * (success), or a refund on the source network (any other status); checked for that network and
   * stored in its one form (decision 0040).
   */
  async function checkPayoutHash(r: ExchangeRow, status: number, typed: string): Promise<string> {
    const assetId = status === TransactionStatus.success ? r.destinationAssetId : r.sourceAssetId;
    const ticker = (await catalog.byId(assetId))?.ticker ?? '';
    const hash = typed.length > EXCHANGE_LIMITS.maxHashLength ? undefined : canonicalHash(ticker, typed);
    if (!hash) throw badRequest(EXCHANGE_ERRORS.invalidHash(ticker), 'INVALID_HASH', undefined, { ticker });
    return hash;
  }

  return {
    /** Back office lists: with the guest's e-mail (admins only). */
    async adminList(q: AdminExchangesPageQuery): Promise<AdminKeysetPage<AdminExchange>> {
      const total = await countExchanges(db, q.status);
      const plan = planPage(q, total);
      const page = pageOf(plan, await listExchanges(db, q.status, plan));
      return {
        ...page,
        items: await Promise.all(page.items.map(toAdmin)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /**
     * spec-2: the admin sets a status with notes. Success is final and, in the same transaction,
     * posts the exchange once in the ledger (settlementEntry); so is a refund (nothing follows it).
     */
    async adminSetStatus(
      actorId: string,
      id: string,
      status: number,
      notes: string,
      payoutHash?: string,
    ): Promise<AdminExchange> {
      const row = await db.transaction(async (tx) => {
        // Locked first: the audit's "before" is the row this decision replaces.
        const before = await lockExchange(tx, id);
        if (!before) throw notFound(EXCHANGE_ERRORS.notFound, 'EXCHANGE_NOT_FOUND');
        // A refund is final: its coins went back, so no status (a payout least of all) follows it.
        if (before.refundedAt) throw conflict(EXCHANGE_RECEIVED_ERRORS.alreadyRefunded, 'ALREADY_REFUNDED');
        // A watched exchange that received a deposit moves with its chain: an admin approves it only
        // when its payout is manual (no hot wallet there), and refunds or requotes it otherwise. Nor
        // is one approved before its deposit is final (none seen yet, or its block reorganised
        // away): the chain would settle that deposit again when it is mined.
        const manualPayout = before.chainResolution === 'manual' && status === TransactionStatus.success;
        const approval = status === TransactionStatus.success;
        if (before.network && (before.transactionHash || approval) && !manualPayout)
          throw conflict(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
        const hash = payoutHash?.trim() ? await checkPayoutHash(before, status, payoutHash.trim()) : null;
        const set = await setExchangeStatus(tx, id, status, notes || null);
        if (!set) throw conflict(EXCHANGE_FINAL, 'EXCHANGE_FINAL');
        const r = hash ? await updateExchange(tx, id, { payoutHash: hash }) : set;
        if (status !== TransactionStatus.success) {
          await deps.audit.record(tx, exchangeAudit(actorId, 'exchange.status', before, r));
          return r;
        }
        if (manualPayout) {
          // Its deposit is booked already, transfer by transfer: the payout side only.
          const entryId = await deps.ledger.post(tx, chainSettlementEntry(r));
          if (!entryId) throw conflict(EXCHANGE_FINAL, 'EXCHANGE_FINAL');
          const done = await updateExchange(tx, r.id, { journalEntryId: entryId, holdReason: null });
          await deps.audit.record(tx, exchangeAudit(actorId, 'exchange.status', before, done));
          return done;
        }
        // A quote that lapsed before the deposit was confirmed is not paid at its old rate.
        if (quoteLapsed(r, deps.expiryMinutes))
          throw conflict(EXCHANGE_RECEIVED_ERRORS.quoteLapsed, 'EXCHANGE_QUOTE_EXPIRED');
        // What arrived must match the quote; otherwise the admin requotes or refunds instead.
        if (r.amountReceived !== null && !new Decimal(r.amountReceived).eq(r.amount)) {
          const ticker = (await catalog.byId(r.sourceAssetId))?.ticker ?? '';
          const [got, quoted] = [toPlain(r.amountReceived), toPlain(r.amount)];
          throw conflict(EXCHANGE_RECEIVED_ERRORS.amountDiffers(got, quoted, ticker), 'AMOUNT_DIFFERS', {
            received: got,
            quoted,
            ticker,
          });
        }
        const entryId = await deps.ledger.post(tx, settlementEntry(r));
        if (!entryId) throw conflict(EXCHANGE_FINAL, 'EXCHANGE_FINAL');
        await setExchangeEntry(tx, r.id, entryId);
        const done = { ...r, journalEntryId: entryId };
        await deps.audit.record(tx, exchangeAudit(actorId, 'exchange.status', before, done));
        return done;
      });
      await statusChanged(row);
      return toAdmin(row);
    },

    /** The amount the guest actually sent, then a requote or a refund (exchange-received.ts). */
    async recordReceived(actorId: string, id: string, amount: string): Promise<AdminExchange> {
      return toAdmin(await received.recordReceived(actorId, id, amount));
    },
    async requote(actorId: string, id: string, notes: string, payoutHash?: string): Promise<AdminExchange> {
      return toAdmin(await received.requote(actorId, id, notes, payoutHash));
    },
    async refund(
      actorId: string,
      id: string,
      notes: string,
      opts: { payoutHash?: string; refundAddress?: string },
    ): Promise<AdminExchange> {
      return toAdmin(await received.refund(actorId, id, notes, opts));
    },
  };
}
