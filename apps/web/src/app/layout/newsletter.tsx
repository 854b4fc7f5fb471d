import { NEWSLETTER_LOCAL_PART_MAX } from '@vaultline/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiRequestError, api } from '../../lib/api-client';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** spec-1 §5: at most 254 characters in total and 64 before the at sign (browser-level check). */
export const NEWSLETTER_EMAIL_PATTERN = '[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]+';

/**
 * Footer newsletter box; POST /api/newsletter stores the address once. Signing up again gets the
 * same thank-you: saying "already subscribed" would tell anyone whether an address is on the list.
 */
export function Newsletter() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await api.post('newsletter', { email, language: currentLanguage() });
      notify({
        severity: 'Success',
        title: t('Footer.Newsletter.SuccessTitle'),
        message: t('Footer.Newsletter.SuccessMessage'),
      });
      setEmail('');
    } catch (err) {
      notify({
        severity: 'Error',
        title: t('Footer.Newsletter.ErrorTitle'),
        message: err instanceof ApiRequestError ? err.message : t('Errors.Unknown'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t('Footer.Newsletter.Title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('Footer.Newsletter.Description')}</p>
      <label htmlFor="newsletter-email" className="sr-only">
        {t('Footer.Newsletter.EmailLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          required
          maxLength={254}
          pattern={NEWSLETTER_EMAIL_PATTERN}
          autoComplete="email"
          placeholder={t('Footer.Newsletter.Placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          // The browser's own bubble would speak the browser's language and not name the limits.
          onInvalid={(e) => {
            const el = e.currentTarget;
            el.setCustomValidity(
              el.validity.valueMissing
                ? t('Footer.Newsletter.Required')
                : t('Footer.Newsletter.Invalid', { max: 254, localMax: NEWSLETTER_LOCAL_PART_MAX }),
            );
          }}
          onInput={(e) => e.currentTarget.setCustomValidity('')}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-500 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <Button type="submit" disabled={busy}>
          {t('Footer.Newsletter.Submit')}
        </Button>
      </div>
    </form>
  );
}
