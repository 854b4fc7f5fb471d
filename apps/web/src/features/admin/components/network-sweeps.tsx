import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useCreateSweep, useSweeps } from '../api/sweeps';
import { notifySuccess, withReason } from '../lib/errors';
import { ButtonSpinner } from './admin-ui';
import { SweepItem } from './sweep-item';

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100';

/**
 * A UTXO network's deposits still held at its deposit addresses (asked of the node), and "Sweep to …":
 * a PSBT spending them all to the operator's address, which their own wallet signs (decision 0055).
 */
export function NetworkSweeps({ network }: { network: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const view = useSweeps(network);
  const create = useCreateSweep(network);
  const [destination, setDestination] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!destination.trim()) return;
    create.mutate(destination.trim(), {
      onSuccess: () => {
        notifySuccess(t('Admin.Common.Success'), t('Admin.Networks.Sweep.Built'));
        setDestination('');
      },
    });
  };

  const v = view.data;
  return (
    <div className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800" data-testid="sweeps">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('Admin.Networks.Sweep.Held')}
      </p>
      {view.isPending ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('Admin.Networks.Sweep.Loading')}</p>
      ) : !v ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
          {withReason(t('Admin.Networks.LoadError'), view.error)}
        </p>
      ) : (
        <>
          {v.held.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('Admin.Networks.Sweep.NoneHeld')}
            </p>
          ) : (
            <section
              // A region that may scroll sideways: reachable and scrollable by keyboard.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
              tabIndex={0}
              aria-label={`${t('Admin.Networks.Sweep.Held')} (${network})`}
              className="mt-2 max-h-64 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      {t('Admin.Networks.Sweep.Address')}
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">
                      {t('Admin.Networks.Sweep.Index')}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {t('Admin.Networks.Sweep.Amount')}
                    </th>
                  </tr>
                </thead>
                <tbody className="text-slate-800 dark:text-slate-200">
                  {v.held.map((h) => (
                    <tr
                      key={`${h.txid}:${h.vout}`}
                      className="border-t border-slate-100 dark:border-slate-800"
                    >
                      <td className="py-1 pr-3 font-mono text-xs break-all">{h.address}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{h.index}</td>
                      <td className="py-1 text-right whitespace-nowrap tabular-nums">
                        {f.amount(h.amount)} {v.ticker}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          {v.held.length > 0 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="sweep-total">
              {t('Admin.Networks.Sweep.Total', {
                amount: f.amount(v.total),
                ticker: v.ticker,
                outputs: v.held.length,
              })}
            </p>
          ) : null}
          {v.blocked ? (
            <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">{v.blocked}</p>
          ) : v.held.length > 0 ? (
            <form onSubmit={submit} className="mt-3">
              <label
                htmlFor={`${id}-to`}
                className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                {t('Admin.Networks.Sweep.To', { network })}
              </label>
              <div className="flex flex-wrap items-end gap-2">
                <input
                  id={`${id}-to`}
                  value={destination}
                  onChange={(e) => setDestination(e.target.value)}
                  maxLength={100}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  aria-describedby={`${id}-to-hint`}
                  className={`${INPUT} min-w-0 flex-1`}
                />
                <Button type="submit" disabled={create.isPending || !destination.trim()}>
                  {create.isPending ? (
                    <ButtonSpinner label={t('Admin.Networks.Sweep.Building')} />
                  ) : (
                    t('Admin.Networks.Sweep.Build')
                  )}
                </Button>
              </div>
              <p id={`${id}-to-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {t('Admin.Networks.Sweep.ToHint')}
              </p>
              {create.isError ? (
                <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
                  {withReason(t('Admin.Networks.Sweep.BuildError'), create.error)}
                </p>
              ) : null}
            </form>
          ) : null}
          {v.sweeps.length > 0 ? (
            <ul className="mt-3 space-y-3">
              {v.sweeps.map((s) => (
                <SweepItem key={s.id} network={network} sweep={s} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
