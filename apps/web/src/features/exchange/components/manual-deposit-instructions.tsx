import { networkName, type PublicExchange, roundDown } from '@vaultline/shared';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { CopyButton } from '../../funding/components/copy-button';
import { QrCode } from '../../funding/components/qr-code';
import { DepositCountdown } from './manual-deposit-countdown';

/** Exact decimal in the language's separators, every digit kept (what must be sent is exact). */
export const exact = (v: string, lang: string) => formatNumber(v, { maximumFractionDigits: 20 }, lang);
/** At most 8 decimals, cut (never rounded up): a long 18-decimal quote stays readable. */
export const upTo8 = (v: string, lang: string) => exact(roundDown(v, 8).toFixed(), lang);

/**
 * Where and what to send for an exchange awaiting its deposit: the house address (QR + copy), the
 * exact amount, what the guest receives, the memo, the time left, an info note and the steps.
 */
export function DepositInstructions({
  exchange: e,
  onExpired,
}: {
  exchange: PublicExchange;
  onExpired?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const src = e.sourceWalletTicker;
  const dst = e.destinationWalletTicker;
  const amount = exact(e.amount, lang);
  const receive = upTo8(e.destinationAmount, lang);
  // A watched network (DECISIONS §10): the deposit is seen on chain; nobody types a hash.
  const watched = e.network !== null;
  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div className="shrink-0">
          <QrCode
            value={e.adminWalletAddress}
            label={t('ManualDeposit.Submitted.QrLabel', { ticker: src })}
          />
        </div>
        <dl className="w-full min-w-0 flex-1 space-y-4">
          <div>
            <dt id={`addr-${e.id}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('ManualDeposit.Submitted.DepositAddress', { ticker: src })}
            </dt>
            <dd className="mt-1 flex flex-wrap items-start gap-2">
              <span
                data-testid="deposit-address"
                className="min-w-0 flex-1 break-all rounded-md bg-slate-100 px-2 py-1.5 font-mono text-sm dark:bg-slate-800"
              >
                {e.adminWalletAddress}
              </span>
              <CopyButton text={e.adminWalletAddress} />
            </dd>
          </div>
          <div>
            <dt id={`amount-${e.id}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('ManualDeposit.Submitted.SendExactly')}
            </dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <span data-testid="deposit-amount" className="text-xl font-bold tabular-nums">
                {amount} {src}
              </span>
              <CopyButton text={e.amount} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('ManualDeposit.Submitted.ReceiveFixed')}
            </dt>
            <dd data-testid="deposit-receive" className="mt-1 font-semibold tabular-nums">
              {receive} {dst}
            </dd>
          </div>
          {e.destinationMemo ? (
            <div>
              <dt className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {t('ManualDeposit.Submitted.Memo', { ticker: dst })}
              </dt>
              <dd className="mt-1 break-all font-mono text-sm">{e.destinationMemo}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <DepositCountdown expiresAt={e.expiresAt} watched={watched} {...(onExpired ? { onExpired } : {})} />
      <aside
        aria-labelledby={`info-${e.id}`}
        className="rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
      >
        <h3 id={`info-${e.id}`} className="font-semibold">
          {t('ManualDeposit.Submitted.InfoTitle')}
        </h3>
        <p className="mt-1">{t('ManualDeposit.Submitted.Info', { ticker: src })}</p>
      </aside>
      <section aria-labelledby={`how-${e.id}`}>
        <h3 id={`how-${e.id}`} className="font-semibold text-slate-900 dark:text-white">
          {t('ManualDeposit.Submitted.InstructionsTitle')}
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>{t('ManualDeposit.Submitted.Instruction1', { amount, ticker: src })}</li>
          {watched ? (
            <>
              <li>{t('ManualDeposit.Chain.Instruction2', { network: networkName(e.network) })}</li>
              <li>
                {t('ManualDeposit.Chain.Instruction3', {
                  required: e.requiredConfirmations ?? 0,
                  count: e.requiredConfirmations ?? 0,
                  receive,
                  dest: dst,
                })}
              </li>
            </>
          ) : (
            <>
              <li>{t('ManualDeposit.Submitted.Instruction2')}</li>
              <li>{t('ManualDeposit.Submitted.Instruction3', { receive, dest: dst })}</li>
            </>
          )}
        </ol>
      </section>
    </div>
  );
}
