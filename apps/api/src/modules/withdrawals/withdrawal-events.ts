import type { Withdrawal } from '@vaultline/shared';
import { Decimal, toPlain, withdrawalCancellable } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users, withdrawalAddresses } from '../../db/schema';
import type { ChainService } from '../chain/chain.service';
import type { FeedService } from '../feed/feed.service';
import type { MailService } from '../mail/mail.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { withdrawalStatusMail } from './withdrawal-mail';
import type { WithdrawalEvents, WithdrawalRow } from './withdrawal-moves';

export interface WithdrawalEventsDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  chain: Pick<ChainService, 'explorerUrl'>;
  mail: Pick<MailService, 'send' | 'stage'>;
  feed?: Pick<FeedService, 'publishWithdrawal'> | undefined;
  /** Links in e-mails: the web app's tracking page `/withdrawals/{id}`. */
  publicUrl: string;
}

/** The owner's view of a withdrawal: the IBAN masked to its last four characters. */
export function toWithdrawal(
  w: WithdrawalRow,
  ticker: string,
  addressLabel: string | null,
  explorerUrl: string | null,
): Withdrawal {
  const amount = new Decimal(w.amount);
  const fee = new Decimal(w.fee);
  return {
    id: w.id,
    assetId: w.assetId,
    ticker,
    kind: w.kind,
    status: w.status,
    amount: toPlain(amount),
    fee: toPlain(fee),
    total: toPlain(amount.plus(fee)),
    network: w.network,
    address: w.toAddress,
    addressLabel,
    memo: w.memo,
    iban: w.iban ? `•••• ${w.iban.slice(-4)}` : null,
    txHash: w.txHash,
    explorerUrl,
    confirmations: w.confirmations,
    requiredConfirmations: w.requiredConfirmations,
    reviewReasons: w.reviewReasons as Withdrawal['reviewReasons'],
    reference: w.reference,
    cancellable: withdrawalCancellable({
      status: w.status,
      kind: w.kind,
      ticker,
      paidByPayout: w.payoutId !== null,
    }),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    completedAt: w.completedAt?.toISOString() ?? null,
  };
}

export type WithdrawalNotifier = ReturnType<typeof createWithdrawalEvents>;

/**
 * WithdrawalEvents (withdrawal-moves.ts): after a change, the owner's open pages get the withdrawal
 * (live feed event `withdrawal`, their room only) and the owner an e-mail in their language. The
 * payout engine and the back office call `changed(row)` after their commit; this module's own paths
 * stage the e-mail in their transaction (`staged`), so it exists exactly when the change does.
 */
export function createWithdrawalEvents(deps: WithdrawalEventsDeps) {
  async function view(w: WithdrawalRow, on: DbOrTx = deps.db): Promise<Withdrawal> {
    const ticker = (await deps.catalog.byId(w.assetId))?.ticker ?? '';
    let label: string | null = null;
    if (w.addressId) {
      const [a] = await on
        .select({ label: withdrawalAddresses.label })
        .from(withdrawalAddresses)
        .where(eq(withdrawalAddresses.id, w.addressId));
      label = a?.label ?? null;
    }
    return toWithdrawal(w, ticker, label, deps.chain.explorerUrl(w.network, w.txHash));
  }

  async function message(on: DbOrTx, w: WithdrawalRow, view: Withdrawal) {
    const [owner] = await on
      .select({ email: users.email, language: users.preferedLanguage })
      .from(users)
      .where(eq(users.id, w.userId));
    if (!owner) return undefined;
    const m = withdrawalStatusMail(owner.language, {
      amount: view.amount,
      ticker: view.ticker,
      status: w.status,
      link: `${deps.publicUrl}/withdrawals/${w.id}`,
    });
    return { to: owner.email, ...m };
  }

  const push = (w: WithdrawalRow, v: Withdrawal) => deps.feed?.publishWithdrawal(v, w.userId);

  const events: WithdrawalEvents & {
    view: typeof view;
    staged(tx: DbOrTx, w: WithdrawalRow): Promise<() => void>;
    /** The push alone (a change the owner needs no e-mail for: a confirmation counted). */
    pushed(w: WithdrawalRow): Promise<void>;
  } = {
    view,
    async changed(w) {
      const v = await view(w);
      push(w, v);
      const m = await message(deps.db, w, v);
      if (m) await deps.mail.send(m);
    },
    async staged(tx, w) {
      const v = await view(w, tx);
      const m = await message(tx, w, v);
      const deliver = m ? await deps.mail.stage(tx, m) : () => undefined;
      return () => {
        deliver();
        push(w, v);
      };
    },
    async pushed(w) {
      push(w, await view(w));
    },
  };
  return events;
}
