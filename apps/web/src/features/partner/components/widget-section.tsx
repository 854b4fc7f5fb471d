import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type WidgetOptions, widgetSnippet } from '../lib/snippet';
import { CopyButton, inputClass, Section } from './ui';

const TICKER = /^[A-Z0-9-]{2,15}$/;

/**
 * Widget: the HTML to paste into a partner's site, built from the pair and theme chosen here. The
 * route may pass the widget feature's own builder; the one of lib/snippet is the default.
 */
export function WidgetSection({
  partnerId,
  buildSnippet = widgetSnippet,
}: {
  partnerId: string;
  buildSnippet?: (o: WidgetOptions) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState('BTC');
  const [to, setTo] = useState('ETH');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const clean = (v: string, fallback: string) => (TICKER.test(v) ? v : fallback);
  const snippet = buildSnippet({
    origin: window.location.origin,
    partnerId,
    from: clean(from, 'BTC'),
    to: clean(to, 'ETH'),
    theme,
  });
  const tickerField = (key: 'from' | 'to', value: string, set: (v: string) => void) => (
    <div>
      <label
        htmlFor={`${id}-${key}`}
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {t(key === 'from' ? 'Partner.Widget.From' : 'Partner.Widget.To')}
      </label>
      <input
        id={`${id}-${key}`}
        value={value}
        autoComplete="off"
        spellCheck={false}
        maxLength={15}
        aria-invalid={TICKER.test(value) ? undefined : true}
        aria-describedby={TICKER.test(value) ? undefined : `${id}-${key}-error`}
        onChange={(e) => set(e.target.value.toUpperCase().trim())}
        className={`${inputClass} font-mono uppercase`}
      />
      {TICKER.test(value) ? null : (
        <p id={`${id}-${key}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {t('Partner.Widget.TickerInvalid')}
        </p>
      )}
    </div>
  );

  return (
    <Section
      testId="widget-section"
      title={t('Partner.Widget.Title')}
      description={t('Partner.Widget.Description')}
    >
      <div className="space-y-4">
        <div>
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('Partner.Widget.PartnerId')}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              data-testid="partner-id"
              className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            >
              {partnerId}
            </code>
            <CopyButton
              text={partnerId}
              label={t('Partner.Common.CopyNamed', { what: t('Partner.Widget.PartnerId') })}
            />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {tickerField('from', from, setFrom)}
          {tickerField('to', to, setTo)}
          <div>
            <label
              htmlFor={`${id}-theme`}
              className="block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              {t('Partner.Widget.Theme')}
            </label>
            <select
              id={`${id}-theme`}
              value={theme}
              onChange={(e) => setTheme(e.target.value === 'dark' ? 'dark' : 'light')}
              className={inputClass}
            >
              <option value="light">{t('Partner.Widget.ThemeLight')}</option>
              <option value="dark">{t('Partner.Widget.ThemeDark')}</option>
            </select>
          </div>
        </div>
        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={`${id}-code`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('Partner.Widget.Snippet')}
            </label>
            <CopyButton
              text={snippet}
              label={t('Partner.Common.CopyNamed', { what: t('Partner.Widget.Snippet') })}
            />
          </div>
          <textarea
            id={`${id}-code`}
            readOnly
            rows={4}
            value={snippet}
            data-testid="widget-snippet"
            onFocus={(e) => e.currentTarget.select()}
            className="mt-2 block w-full resize-y rounded-lg border border-slate-500 bg-slate-900 p-3 font-mono text-xs break-all text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-slate-950"
          />
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('Partner.Widget.Help')}</p>
        </div>
      </div>
    </Section>
  );
}
