import { useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { saveFile } from '../../history/lib/csv-download';
import { fetchSepaFile, useMakeSepaBatch, useMarkBatchPaid, useSepaBatches } from '../api/withdrawals';
import { notifyFailure, notifySuccess, withReason } from '../lib/errors';
import { Badge, ButtonSpinner, EmptyBlock, ErrorBlock, LoadingBlock } from './admin-ui';

/**
 * SEPA credit-transfer files (pain.001.001.03): gather the approved EUR withdrawals into one, download
 * it for the bank, and mark it paid once the bank executed it.
 */
export function SepaBatchesPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const batches = useSepaBatches();
  const make = useMakeSepaBatch();
  const paid = useMarkBatchPaid();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (id: string, messageId: string) => {
    setDownloading(id);
    try {
      saveFile(await fetchSepaFile(id), `${messageId}.xml`);
    } catch (err) {
      notifyFailure(t('Admin.Common.Error'), t('Admin.Withdrawals.Sepa.DownloadError'), err);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="sepa-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sepa-title" className="text-lg font-semibold">
          {t('Admin.Withdrawals.Sepa.Title')}
        </h2>
        <Button
          disabled={make.isPending}
          onClick={() =>
            make.mutate(undefined, {
              onSuccess: (b) =>
                notifySuccess(
                  t('Admin.Common.Success'),
                  t('Admin.Withdrawals.Sepa.Made', { count: b.count }),
                ),
              onError: (err) =>
                notifyFailure(t('Admin.Common.Error'), t('Admin.Withdrawals.Sepa.MakeError'), err),
            })
          }
        >
          {make.isPending ? <ButtonSpinner label={t('Admin.Common.Working')} /> : null}
          {t('Admin.Withdrawals.Sepa.Make')}
        </Button>
      </div>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-300">
        {t('Admin.Withdrawals.Sepa.Description')}
      </p>
      {batches.isPending ? (
        <LoadingBlock />
      ) : batches.isError ? (
        <ErrorBlock
          message={withReason(t('Admin.Withdrawals.Sepa.LoadError'), batches.error)}
          onRetry={() => void batches.refetch()}
        />
      ) : batches.data.length === 0 ? (
        <EmptyBlock>{t('Admin.Withdrawals.Sepa.Empty')}</EmptyBlock>
      ) : (
        <ul className="space-y-3">
          {batches.data.map((b) => (
            <li
              key={b.id}
              data-testid="sepa-batch"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="min-w-0">
                <p className="font-mono text-sm break-all">{b.messageId}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t('Admin.Withdrawals.Sepa.Summary', {
                    count: b.count,
                    total: f.money(b.total, 'EUR'),
                    at: f.dateTime(b.createdAt),
                  })}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={b.status === 'paid' ? 'success' : 'info'}>
                  {t(`Admin.Withdrawals.Sepa.Status.${b.status}`)}
                </Badge>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={downloading === b.id}
                  onClick={() => void download(b.id, b.messageId)}
                >
                  {downloading === b.id ? <ButtonSpinner label={t('Admin.Common.Working')} /> : null}
                  {t('Admin.Withdrawals.Sepa.Download')}
                </Button>
                {b.status === 'open' ? (
                  <Button
                    size="sm"
                    variant="success"
                    disabled={paid.isPending}
                    onClick={() =>
                      paid.mutate(b.id, {
                        onSuccess: () =>
                          notifySuccess(t('Admin.Common.Success'), t('Admin.Withdrawals.Sepa.PaidToast')),
                        onError: (err) =>
                          notifyFailure(t('Admin.Common.Error'), t('Admin.Withdrawals.Sepa.PaidError'), err),
                      })
                    }
                  >
                    {paid.isPending && paid.variables === b.id ? (
                      <ButtonSpinner label={t('Admin.Common.Working')} />
                    ) : null}
                    {t('Admin.Withdrawals.Sepa.MarkPaid')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
