import type { HistoryItem } from '@vaultline/shared';
import { useId, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { confirmExchangeHash } from '../api/history-api';

/**
 * Green as the manual deposit's confirm, but emerald-700 in dark mode too: white on the shared
 * success variant's dark emerald-600 is 3.8:1, under WCAG AA's 4.5:1.
 */
const CONFIRM_CLASS =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white ' +
  'transition-colors hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:outline-indigo-400';

/**
 * spec-1 §2/§5 history confirm: the guest's transaction hash for an exchange awaiting verification.
 * Empty gives "Input Required"; a second confirm is ignored while one runs.
 */
export function ConfirmHashForm({
  exchangeId,
  onConfirmed,
}: {
  exchangeId: string;
  onConfirmed: (item: HistoryItem) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [hash, setHash] = useState('');
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function confirm() {
    if (running.current) return;
    const value = hash.trim();
    if (!value) {
      notify({ title: t('History.InputRequired'), message: t('History.EnterHash'), severity: 'Warning' });
      return;
    }
    running.current = true;
    setBusy(true);
    try {
      const item = await confirmExchangeHash(exchangeId, value);
      notify({ title: t('History.Confirmed'), severity: 'Success' });
      onConfirmed(item);
    } catch (err) {
      // The server's refusal (in the UI language) when it answered; otherwise the generic text.
      const answered = err instanceof ApiRequestError && err.status > 0;
      notify({
        title: answered
          ? t('History.ConfirmFailed', { message: err.message || t('History.UnknownError') })
          : t('History.ConfirmFailedGeneric'),
        severity: 'Error',
      });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('History.HashLabel')}
        </label>
        <input
          id={id}
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('History.HashPlaceholder')}
          className="mt-1 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 font-mono text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-indigo-400"
        />
      </div>
      <button type="submit" className={CONFIRM_CLASS} disabled={busy} aria-busy={busy}>
        {busy ? t('History.Confirming') : t('History.Confirm')}
      </button>
    </form>
  );
}
