import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { AdminPartner } from '../api/partners';

/**
 * The partners with their commission, exchanges, volume and earnings (USD at execution). A table from
 * the small breakpoint up; on a phone each partner is a card, so nothing scrolls sideways.
 */
export function PartnersTable({
  partners,
  onChange,
}: {
  partners: AdminPartner[];
  onChange: (p: AdminPartner) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const percent = (fraction: string) => f.number(fraction, { style: 'percent', maximumFractionDigits: 4 });
  const usd = (v: string) => f.money(v, 'USD');
  const changeButton = (p: AdminPartner) => (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => onChange(p)}
      aria-label={t('Partner.Admin.ChangeNamed', { email: p.email })}
    >
      {t('Partner.Admin.Change')}
    </Button>
  );
  const userLink = (p: AdminPartner) => (
    <Link
      to={`/admin/user/${p.userId}`}
      className="font-medium break-all text-indigo-700 underline dark:text-indigo-300"
    >
      {p.email}
    </Link>
  );

  return (
    <>
      <ul className="space-y-3 md:hidden">
        {partners.map((p) => (
          <li
            key={p.userId}
            data-testid="partner-card"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {userLink(p)}
              {changeButton(p)}
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <Item label={t('Partner.Admin.Commission')}>
                {percent(p.commission)} / {percent(p.maxCommission)}
              </Item>
              <Item label={t('Partner.Admin.Exchanges')}>
                {f.number(p.successfulExchanges)} / {f.number(p.exchanges)}
              </Item>
              <Item label={t('Partner.Admin.Volume')}>{usd(p.volumeUsd)}</Item>
              <Item label={t('Partner.Admin.Earnings')}>{usd(p.earningsUsd)}</Item>
              <Item label={t('Partner.Admin.Since')}>{f.date(p.createdAt)}</Item>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block dark:border-slate-700 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('Partner.Admin.Title')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('Partner.Admin.Partner')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('Partner.Admin.Commission')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('Partner.Admin.Exchanges')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('Partner.Admin.Volume')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t('Partner.Admin.Earnings')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">{t('Partner.Common.Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {partners.map((p) => (
              <tr key={p.userId} data-testid="partner-row">
                <th scope="row" className="px-4 py-3 font-normal">
                  {userLink(p)}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t('Partner.Admin.SinceDate', { date: f.date(p.createdAt) })}
                  </span>
                </th>
                <td className="px-4 py-3 text-right tabular-nums">
                  {percent(p.commission)}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t('Partner.Admin.MaxShort', { max: percent(p.maxCommission) })}
                  </span>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {f.number(p.successfulExchanges)}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t('Partner.Admin.OfAll', { all: f.number(p.exchanges) })}
                  </span>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{usd(p.volumeUsd)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{usd(p.earningsUsd)}</td>
                <td className="px-4 py-3 text-right">{changeButton(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="tabular-nums text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
