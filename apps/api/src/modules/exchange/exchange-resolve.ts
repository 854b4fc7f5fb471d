import { commissionQuote, Decimal, type HoldReason, TransactionStatus, toPlain } from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import type { AfterCommit } from '../chain/chain-owners';
import { type ExchangeRow, updateExchange } from './exchange.repository';
import type { ExchangeChainDeps } from './exchange-deps';
import { requoteMail } from './received-mail';

type Kind = 'quote' | 'requote' | 'refund';

/**
 * How a watched exchange is decided once everything sent to it is final (or an admin decides it):
 * at its quote, requoted at today's rate, refunded, or held for an admin with the reason.
 */
export function createExchangeResolve(deps: ExchangeChainDeps, ticker: (assetId: string) => Promise<string>) {
  const { chain } = deps;

  async function hold(
    tx: DbOrTx,
    r: ExchangeRow,
    set: Partial<ExchangeRow>,
    reason: HoldReason,
  ): Promise<AfterCommit[]> {
    const next = await updateExchange(tx, r.id, {
      ...set,
      status: TransactionStatus.pending,
      holdReason: reason,
    });
    return [r.status !== next.status ? () => deps.statusChanged(next) : () => deps.pushProgress(next)];
  }

  /**
   * Decides a watched exchange once everything sent to it is final (or an admin decides it): the
   * amount received is recorded, and the payout or the refund is asked of the chain module.
   */
  async function resolve(
    tx: DbOrTx,
    r: ExchangeRow,
    received: Decimal,
    o: { kind?: Kind; approvedBy?: string; refundAddress?: string; late?: boolean } = {},
  ): Promise<AfterCommit[]> {
    const [src, dst] = await Promise.all([ticker(r.sourceAssetId), ticker(r.destinationAssetId)]);
    let set: Partial<ExchangeRow> = { amountReceived: toPlain(received) };
    // A variable-rate exchange (partner API) is always priced now, when its deposits are final.
    const fixed = r.rateMode !== 'variable';
    let kind: Kind = o.kind ?? (fixed && !o.late && received.eq(r.amount) ? 'quote' : 'requote');
    if (kind === 'requote') {
      let srcUsd: Decimal;
      let dstUsd: Decimal;
      try {
        srcUsd = deps.prices.freshUsd(src);
        dstUsd = deps.prices.freshUsd(dst);
      } catch {
        return hold(tx, r, set, 'pricesStale');
      }
      const rate = srcUsd.div(dstUsd);
      const quote = commissionQuote(
        received,
        rate,
        r.feeRate,
        r.partnerCommissionRate,
        (await deps.catalog.byId(r.destinationAssetId))?.decimals ?? 8,
      );
      const usd = received.mul(srcUsd);
      const min = new Decimal((await deps.system.publicSettings(tx)).minimumTransactionAmount);
      if (quote.receive.lte(0) || (usd.lt(min) && !o.approvedBy)) kind = 'refund';
      else
        set = {
          ...set,
          amount: toPlain(received),
          destinationAmount: toPlain(quote.receive),
          rate: toPlain(rate),
          fee: toPlain(quote.fee),
          ...(r.partnerCommissionRate === null ? {} : { partnerCommission: toPlain(quote.commission) }),
          usdValue: toPlain(usd.toDecimalPlaces(2)),
          quotedAmount: r.quotedAmount ?? r.amount,
          quotedDestinationAmount: r.quotedDestinationAmount ?? r.destinationAmount,
          requotedAt: new Date(),
        };
    }
    const after: AfterCommit[] = [];
    if (kind === 'refund') {
      const to = o.refundAddress ?? r.refundAddress;
      if (!to) return hold(tx, r, set, 'noRefundAddress');
      if (!chain.watched(src)?.payouts) return hold(tx, r, { ...set, refundAddress: to }, 'manualRefund');
      await chain.requestPayout(tx, {
        ticker: src,
        to,
        amount: received,
        usdValue: new Decimal(r.usdValue).div(r.amount).mul(received),
        purpose: 'exchange_refund',
        reference: r.id,
        ...(o.approvedBy ? { approvedBy: o.approvedBy } : {}),
      });
      set = { ...set, refundAddress: to };
    } else {
      if (!chain.watched(dst)?.payouts)
        return hold(tx, r, { ...set, chainResolution: 'manual' }, 'manualPayout');
      await chain.requestPayout(tx, {
        ticker: dst,
        to: r.destinationAddress,
        amount: new Decimal(set.destinationAmount ?? r.destinationAmount),
        usdValue: new Decimal(set.usdValue ?? r.usdValue),
        purpose: 'exchange_payout',
        reference: r.id,
        ...(o.approvedBy ? { approvedBy: o.approvedBy } : {}),
      });
      if (kind === 'requote') {
        const quoted = r.amount;
        after.push(() =>
          deps.mail.send({
            to: r.email,
            ...requoteMail(
              r.language,
              {
                received: toPlain(received),
                from: src,
                quoted: toPlain(quoted),
                receive: toPlain(set.destinationAmount ?? r.destinationAmount),
                to: dst,
              },
              deps.link(r.id),
            ),
          }),
        );
      }
    }
    const next = await updateExchange(tx, r.id, {
      ...set,
      status: TransactionStatus.pending,
      adminNotes: r.status === TransactionStatus.failed ? null : r.adminNotes,
      depositConfirmations: r.requiredConfirmations,
      chainResolution: kind,
      holdReason: null,
      payoutStatus: 'queued',
    });
    after.unshift(r.status !== next.status ? () => deps.statusChanged(next) : () => deps.pushProgress(next));
    return after;
  }

  return resolve;
}
