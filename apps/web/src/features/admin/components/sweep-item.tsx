import type { Sweep } from '@vaultline/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { saveFile } from '../../history/lib/csv-download';
import { fetchSweepFile, useEndSweep, useSignedSweep } from '../api/sweeps';
import { notifyFailure, notifySuccess, withReason } from '../lib/errors';
import { Badge, ButtonSpinner } from './admin-ui';

const AREA =
  'mt-1 block h-20 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100';

/** One sweep: its PSBT to copy or download while built; the signed PSBT pasted back to broadcast. */
export function SweepItem({ network, sweep: s }: { network: string; sweep: Sweep }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const signed = useSignedSweep(network);
  const end = useEndSweep(network);
  const [psbt, setPsbt] = useState('');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(
        await fetchSweepFile(network, s.id),
        `${network.toLowerCase()}-sweep-${s.id.slice(0, 8)}.psbt`,
      );
    } catch (err) {
      notifyFailure(t('Admin.Common.Error'), t('Admin.Networks.Sweep.DownloadError'), err);
    } finally {
      setDownloading(false);
    }
  };
  const broadcast = () =>
    signed.mutate(
      { id: s.id, psbt: psbt.trim() },
      { onSuccess: () => notifySuccess(t('Admin.Common.Success'), t('Admin.Networks.Sweep.Broadcast')) },
    );

  const finish = (action: 'rebroadcast' | 'abandon') =>
    end.mutate(
      { id: s.id, action },
      {
        onSuccess: () =>
          notifySuccess(
            t('Admin.Common.Success'),
            t(action === 'abandon' ? 'Admin.Networks.Sweep.Abandoned' : 'Admin.Networks.Sweep.Rebroadcast'),
          ),
      },
    );
  const tone = s.status === 'broadcast' ? 'success' : s.status === 'dropped' ? 'danger' : 'neutral';

  return (
    <li data-testid="sweep" className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900 dark:text-white">
          {t('Admin.Networks.Sweep.Summary', {
            amount: f.amount(s.amount),
            ticker: s.ticker,
            fee: f.amount(s.fee),
            inputs: s.inputs.length,
          })}
        </span>
        <Badge tone={tone}>{t(`Admin.Networks.Sweep.Status.${s.status}`)}</Badge>
      </div>
      <p className="mt-1 font-mono text-xs break-all text-slate-700 dark:text-slate-300">{s.destination}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{f.dateTime(s.createdAt)}</p>
      {s.status !== 'built' && s.txHash ? (
        <>
          <p className="mt-1 font-mono text-xs break-all">
            {s.txUrl ? (
              <a
                href={s.txUrl}
                target="_blank"
                rel="noreferrer"
                className="text-indigo-700 underline dark:text-indigo-300"
              >
                {s.txHash}
              </a>
            ) : (
              s.txHash
            )}
          </p>
          {s.dropReason ? (
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
              {t('Admin.Networks.Sweep.DropReason', { reason: s.dropReason })}
            </p>
          ) : null}
          {s.status === 'dropped' ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" disabled={end.isPending} onClick={() => finish('rebroadcast')}>
                {t('Admin.Networks.Sweep.RebroadcastAction')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={end.isPending}
                onClick={() => finish('abandon')}
              >
                {t('Admin.Networks.Sweep.AbandonAction')}
              </Button>
            </div>
          ) : null}
          {end.isError ? (
            <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
              {withReason(t('Admin.Networks.Sweep.EndError'), end.error)}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <label
            htmlFor={`${id}-psbt`}
            className="mt-2 block text-xs font-medium text-slate-800 dark:text-slate-200"
          >
            {t('Admin.Networks.Sweep.Psbt')}
          </label>
          <textarea id={`${id}-psbt`} readOnly value={s.psbt} className={AREA} />
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            disabled={downloading}
            onClick={() => void download()}
          >
            {downloading ? (
              <ButtonSpinner label={t('Admin.Networks.Sweep.Downloading')} />
            ) : (
              t('Admin.Networks.Sweep.Download')
            )}
          </Button>
          <label
            htmlFor={`${id}-signed`}
            className="mt-3 block text-xs font-medium text-slate-800 dark:text-slate-200"
          >
            {t('Admin.Networks.Sweep.Signed')}
          </label>
          <textarea
            id={`${id}-signed`}
            value={psbt}
            onChange={(e) => setPsbt(e.target.value)}
            spellCheck={false}
            className={AREA}
          />
          <Button size="sm" className="mt-2" disabled={signed.isPending || !psbt.trim()} onClick={broadcast}>
            {signed.isPending ? (
              <ButtonSpinner label={t('Admin.Networks.Sweep.Broadcasting')} />
            ) : (
              t('Admin.Networks.Sweep.SendSigned')
            )}
          </Button>
          {signed.isError ? (
            <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
              {withReason(t('Admin.Networks.Sweep.BroadcastError'), signed.error)}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}
