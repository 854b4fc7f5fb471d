import {
  CARD_RECONCILED_NOTES,
  type CardDepositRequest,
  Decimal,
  FUNDING_ERRORS,
  TransactionStatus,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { LedgerService } from '../ledger/ledger.service';
import type { AssetRow } from '../wallets/wallets.repository';
import { type DepositRow, insertDeposit, stuckCardDeposits, transitionDeposit } from './funding.repository';
import type { FundingDeps } from './funding.service';

/** Card deposits: charged through the payment gateway, credited once, reconciled after a crash. */
export function createCardDeposits(
  deps: FundingDeps,
  h: {
    asset: (id: string) => Promise<AssetRow>;
    checkAmount: (a: AssetRow, amount: string) => Decimal;
    credit: (
      tx: Parameters<LedgerService['post']>[0],
      d: DepositRow,
      kind: string,
    ) => Promise<string | undefined>;
    pushDecision: (row: DepositRow) => void;
  },
) {
  const { db, payments } = deps;
  const { asset, checkAmount, credit, pushDecision } = h;

  /** Charges the card, then credits the wallet; a decline is recorded (status 0) and reported. */
  async function cardDeposit(userId: string, input: CardDepositRequest) {
    const a = await asset(input.assetId);
    if (a.type !== WalletType.Fiat) throw badRequest(FUNDING_ERRORS.notFiat, 'NOT_FIAT');
    const amount = checkAmount(a, input.amount);
    // The limit is in USD; in the deposit's currency it is rounded down to its decimals.
    const max = new Decimal(deps.cardDepositMaxUsd)
      .div(deps.prices.freshUsd(a.ticker))
      .toDecimalPlaces(a.decimals, Decimal.ROUND_DOWN);
    if (amount.gt(max))
      throw badRequest(FUNDING_ERRORS.cardLimit(toPlain(max), a.ticker), 'CARD_LIMIT', undefined, {
        max: toPlain(max),
        ticker: a.ticker,
      });
    const { cardNumber, expiry, cvc, holderName } = input;
    const pending = await insertDeposit(db, {
      userId,
      assetId: a.id,
      method: 'card',
      amount: toPlain(amount),
      status: TransactionStatus.pending,
      cardLast4: cardNumber.slice(-4),
    });
    const result = await payments.charge({
      card: { cardNumber, expiry, cvc, holderName },
      amount,
      currency: a.ticker,
      description: `Vaultline deposit ${pending.id}`,
      // The deposit's id: a crash after the charge is found and settled by reconcileCards.
      idempotencyKey: pending.id,
    });
    if (!result.ok) {
      await transitionDeposit(db, pending.id, TransactionStatus.pending, {
        status: TransactionStatus.failed,
        cardBrand: result.brand,
        adminNotes: result.message,
        decidedAt: new Date(),
      });
      throw new AppError(402, result.code, result.message);
    }
    await db.transaction(async (tx) => {
      const done = await transitionDeposit(tx, pending.id, TransactionStatus.pending, {
        status: TransactionStatus.success,
        cardBrand: result.brand,
        gatewayReference: result.reference,
        decidedAt: new Date(),
      });
      if (!done) throw conflict(FUNDING_ERRORS.alreadyProcessed, 'ALREADY_PROCESSED');
      const entryId = await credit(tx, done, 'card_deposit');
      await transitionDeposit(tx, done.id, TransactionStatus.success, { journalEntryId: entryId ?? null });
    });
    return pending.id;
  }

  /**
   * Card deposits still charging (status 2) since before `olderThan`: the server stopped between
   * the charge and the credit, or before the charge. Each is asked of the gateway by its id: a
   * charge that happened is credited (once: the status move and the entry share a transaction);
   * one that did not is cancelled at the gateway first, so it can no longer happen, then failed.
   * Returns how many were settled. Safe to run on several instances at once.
   */
  async function reconcileCards(olderThan: Date): Promise<number> {
    let settled = 0;
    for (const d of await stuckCardDeposits(db, olderThan)) {
      const charge = (await payments.lookup(d.id)) ?? (await payments.cancel(d.id));
      const row = charge?.ok
        ? await db.transaction(async (tx) => {
            const done = await transitionDeposit(tx, d.id, TransactionStatus.pending, {
              status: TransactionStatus.success,
              cardBrand: charge.brand,
              gatewayReference: charge.reference,
              adminNotes: CARD_RECONCILED_NOTES.credited,
              decidedAt: new Date(),
            });
            if (!done) return undefined;
            const entryId = await credit(tx, done, 'card_deposit');
            await transitionDeposit(tx, done.id, TransactionStatus.success, {
              journalEntryId: entryId ?? null,
            });
            return done;
          })
        : await transitionDeposit(db, d.id, TransactionStatus.pending, {
            status: TransactionStatus.failed,
            adminNotes: charge ? charge.message : CARD_RECONCILED_NOTES.notCharged,
            decidedAt: new Date(),
          });
      if (row) {
        settled++;
        pushDecision(row);
      }
    }
    return settled;
  }

  return { cardDeposit, reconcileCards };
}
