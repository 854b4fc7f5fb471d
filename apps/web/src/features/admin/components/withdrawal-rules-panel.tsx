import type { WithdrawalRule } from '@vaultline/shared';
import { withdrawalRuleUpdateSchema } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { useUpdateWithdrawalRule, useWithdrawalRules } from '../api/withdrawals';
import { notifySuccess, withReason } from '../lib/errors';
import { ButtonSpinner, EmptyBlock, ErrorBlock, LoadingBlock } from './admin-ui';

/** Per asset: withdrawals open or closed, our fee (in the asset) and the smallest withdrawal. */
export function WithdrawalRulesPanel() {
  const { t } = useTranslation();
  const rules = useWithdrawalRules();
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title" className="text-lg font-semibold">
        {t('Admin.Withdrawals.Rules.Title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-300">
        {t('Admin.Withdrawals.Rules.Description')}
      </p>
      {rules.isPending ? (
        <LoadingBlock />
      ) : rules.isError ? (
        <ErrorBlock
          message={withReason(t('Admin.Withdrawals.Rules.LoadError'), rules.error)}
          onRetry={() => void rules.refetch()}
        />
      ) : rules.data.length === 0 ? (
        <EmptyBlock>{t('Admin.Withdrawals.Rules.Empty')}</EmptyBlock>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {rules.data.map((r) => (
            <RuleForm key={r.assetId} rule={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

const input =
  'mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100';

function RuleForm({ rule }: { rule: WithdrawalRule }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useUpdateWithdrawalRule();
  const [open, setOpen] = useState(rule.open);
  const [fee, setFee] = useState(rule.fee);
  const [minimum, setMinimum] = useState(rule.minimum);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = withdrawalRuleUpdateSchema.safeParse({ open, fee: fee.trim(), minimum: minimum.trim() });
    if (!parsed.success) {
      const path = String(parsed.error.issues[0]?.path[0]);
      setError(t(path === 'fee' ? 'Admin.Withdrawals.Rules.BadFee' : 'Admin.Withdrawals.Rules.BadMinimum'));
      return;
    }
    setError(null);
    save.mutate(
      { assetId: rule.assetId, ...parsed.data },
      {
        onSuccess: () =>
          notifySuccess(
            t('Admin.Common.Success'),
            t('Admin.Withdrawals.Rules.Saved', { ticker: rule.ticker }),
          ),
        onError: (err) => setError(withReason(t('Admin.Withdrawals.Rules.SaveError'), err)),
      },
    );
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <form onSubmit={submit} noValidate data-testid={`rule-${rule.ticker}`} className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h3 className="font-semibold">{rule.ticker}</h3>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={open}
              onChange={(e) => setOpen(e.target.checked)}
              className="size-4 accent-indigo-600"
            />
            {t('Admin.Withdrawals.Rules.Open')}
          </label>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label
              htmlFor={`${id}-fee`}
              className="block text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              {t('Admin.Withdrawals.Rules.Fee', { ticker: rule.ticker })}
            </label>
            <input
              id={`${id}-fee`}
              className={input}
              inputMode="decimal"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
            />
          </div>
          <div>
            <label
              htmlFor={`${id}-min`}
              className="block text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              {t('Admin.Withdrawals.Rules.Minimum', { ticker: rule.ticker })}
            </label>
            <input
              id={`${id}-min`}
              className={input}
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
            />
          </div>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? <ButtonSpinner label={t('Admin.Common.Working')} /> : null}
            {t('Admin.Common.Save')}
          </Button>
        </div>
      </form>
    </li>
  );
}
