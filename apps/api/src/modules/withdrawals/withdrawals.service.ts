import {
  WITHDRAWAL_CANCELLABLE,
  WITHDRAWAL_ERRORS,
  type Withdrawal,
  type WithdrawalList,
  withdrawalCancellable,
} from '@vaultline/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { ChainService } from '../chain/chain.service';
import { movePayout, type PayoutStatus } from '../chain/payouts.repository';
import type { FeedService } from '../feed/feed.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { lockWithdrawal } from './admin-withdrawals.repository';
import { createAddressBook } from './withdrawal-addresses';
import { createWithdrawalEvents, toWithdrawal } from './withdrawal-events';
import { endUnpaid } from './withdrawal-moves';
import { createWithdrawalRequests } from './withdrawal-request';
import { findWithdrawal, listWithdrawals } from './withdrawals.repository';

export interface WithdrawalsDeps {
  db: Db;
  config: Pick<Config, 'withdrawals' | 'publicUrl'> & { chains: Pick<Config['chains'], 'autoPayoutMaxUsd'> };
  catalog: Pick<AssetCatalog, 'byId'>;
  ledger: Pick<LedgerService, 'post' | 'balances'>;
  prices: Pick<PriceService, 'freshUsd'>;
  chain: Pick<ChainService, 'watched' | 'requestPayout' | 'explorerUrl' | 'testAddress' | 'refuseHotWallet'>;
  mail: Pick<MailService, 'send' | 'stage'>;
  feed?: Pick<FeedService, 'publishWithdrawal'> | undefined;
}

/** A payout not signed yet: cancelling it is safe (the signing moves it only from these). */
const UNSIGNED: PayoutStatus[] = ['approval', 'queued', 'funds', 'blocked'];

/**
 * The user's side of withdrawals (issue 31, decision 0054): the address book, quotes, requests, the
 * list, one withdrawal, and cancel. `events` is the WithdrawalEvents the payout engine and the back
 * office call after their changes.
 */
export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const { db, config } = deps;
  const events = createWithdrawalEvents({
    db,
    catalog: deps.catalog,
    chain: deps.chain,
    mail: deps.mail,
    feed: deps.feed,
    publicUrl: config.publicUrl,
  });
  const addresses = createAddressBook({
    db,
    catalog: deps.catalog,
    chain: deps.chain,
    mail: deps.mail,
    holdHours: config.withdrawals.addressHoldHours,
    publicUrl: config.publicUrl,
  });
  const requests = createWithdrawalRequests({
    db,
    catalog: deps.catalog,
    ledger: deps.ledger,
    prices: deps.prices,
    chain: deps.chain,
    settings: {
      dailyLimitUsd: config.withdrawals.dailyLimitUsd,
      reviewFirst: config.withdrawals.reviewFirst,
      autoPayoutMaxUsd: config.chains.autoPayoutMaxUsd,
    },
    staged: events.staged,
  });

  async function own(userId: string, id: string) {
    const w = await findWithdrawal(db, id);
    if (!w || w.userId !== userId) throw notFound(WITHDRAWAL_ERRORS.notFound, 'WITHDRAWAL_NOT_FOUND');
    return w;
  }
  const notCancellable = () => conflict(WITHDRAWAL_ERRORS.notCancellable, 'WITHDRAWAL_NOT_CANCELLABLE');

  return {
    events,
    addresses,
    quote: requests.quote,

    async request(userId: string, req: Parameters<typeof requests.request>[1]) {
      const w = await requests.request(userId, req);
      return { id: w.id, status: w.status };
    },

    async list(
      userId: string,
      q: { after?: string | undefined; limit: number; assetId?: string | undefined },
    ): Promise<WithdrawalList> {
      const rows = await listWithdrawals(db, userId, q);
      const page = rows.slice(0, q.limit);
      const items = await Promise.all(
        page.map(async (w) =>
          toWithdrawal(
            w,
            (await deps.catalog.byId(w.assetId))?.ticker ?? '',
            w.addressLabel,
            deps.chain.explorerUrl(w.network, w.txHash),
          ),
        ),
      );
      const last = page[page.length - 1];
      return { items, next: rows.length > q.limit && last ? last.cursor : null };
    },

    async get(userId: string, id: string): Promise<Withdrawal> {
      const w = await own(userId, id);
      return toWithdrawal(
        w,
        (await deps.catalog.byId(w.assetId))?.ticker ?? '',
        w.addressLabel,
        deps.chain.explorerUrl(w.network, w.txHash),
      );
    },

    /**
     * The owner's cancel, while nothing has left: in review, or queued for a SEPA file, and for one paid by a payout
     * only while that payout is not signed (it is cancelled in the same transaction; the signing
     * moves it only from where it waits, so one of the two loses). The money comes back.
     */
    async cancel(userId: string, id: string): Promise<Withdrawal> {
      const w = await own(userId, id);
      if (!WITHDRAWAL_CANCELLABLE.includes(w.status)) throw notCancellable();
      let after: () => void = () => undefined;
      const row = await db.transaction(async (tx) => {
        // Read again, locked: an approval that committed since `own` read it may have made a payout.
        const now = await lockWithdrawal(tx, id);
        if (!now || !WITHDRAWAL_CANCELLABLE.includes(now.status)) throw notCancellable();
        // Queued for an admin who pays it by hand: it may be on its way already (shared rule).
        const ticker = (await deps.catalog.byId(now.assetId))?.ticker ?? '';
        const paidByPayout = now.payoutId !== null;
        if (!withdrawalCancellable({ status: now.status, kind: now.kind, ticker, paidByPayout }))
          throw notCancellable();
        if (now.payoutId) {
          const payout = await movePayout(tx, now.payoutId, UNSIGNED, {
            status: 'cancelled',
            reason: 'cancelled',
          });
          if (!payout) throw notCancellable();
        }
        const moved = await endUnpaid(tx, deps.ledger, id, WITHDRAWAL_CANCELLABLE, 'cancelled');
        if (!moved) throw notCancellable();
        after = await events.staged(tx, moved);
        return moved;
      });
      after();
      return toWithdrawal(
        row,
        (await deps.catalog.byId(row.assetId))?.ticker ?? '',
        w.addressLabel,
        deps.chain.explorerUrl(row.network, row.txHash),
      );
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
