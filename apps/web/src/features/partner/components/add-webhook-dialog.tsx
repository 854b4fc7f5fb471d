import { PARTNER_LIMITS, PARTNER_WEBHOOK_EVENTS, type PartnerWebhookEvent } from '@vaultline/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCreateWebhook } from '../api/webhooks';
import { withReason } from '../lib/notify';
import { DialogButtons, DialogError, PartnerDialog } from './dialogs';
import { inputClass } from './ui';

/** An http(s) address (the server refuses private ones, and says so). */
const isWebUrl = (text: string): boolean => {
  try {
    const u = new URL(text);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
};

const toggled = (old: PartnerWebhookEvent[], e: PartnerWebhookEvent, on: boolean): PartnerWebhookEvent[] =>
  PARTNER_WEBHOOK_EVENTS.filter((x) => (x === e ? on : old.includes(x)));

export function AddWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<PartnerWebhookEvent[]>([...PARTNER_WEBHOOK_EVENTS]);
  const [submitted, setSubmitted] = useState(false);
  const trimmed = url.trim();
  const urlError = !submitted
    ? null
    : !trimmed
      ? t('Partner.Webhooks.UrlRequired')
      : trimmed.length > PARTNER_LIMITS.urlMax || !isWebUrl(trimmed)
        ? t('Partner.Webhooks.UrlInvalid')
        : null;
  const eventsError = submitted && events.length === 0 ? t('Partner.Webhooks.EventsRequired') : null;

  const reset = () => {
    setUrl('');
    setEvents([...PARTNER_WEBHOOK_EVENTS]);
    setSubmitted(false);
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    setSubmitted(true);
    const valid =
      trimmed && trimmed.length <= PARTNER_LIMITS.urlMax && isWebUrl(trimmed) && events.length > 0;
    if (!valid || create.isPending) return;
    create.mutate(
      { url: trimmed, events },
      {
        onSuccess: (r) => {
          reset();
          onCreated(r.secret);
        },
      },
    );
  };

  return (
    <PartnerDialog open={open} title={t('Partner.Webhooks.AddTitle')} busy={create.isPending} onClose={close}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-url`} className="block text-sm font-medium">
            {t('Partner.Webhooks.Url')}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            value={url}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/hooks"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${id}-url-error` : `${id}-url-help`}
            onChange={(e) => setUrl(e.target.value)}
            className={`${inputClass} font-mono text-sm`}
          />
          {urlError ? (
            <p id={`${id}-url-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {urlError}
            </p>
          ) : (
            <p id={`${id}-url-help`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('Partner.Webhooks.UrlHelp')}
            </p>
          )}
        </div>
        <fieldset aria-describedby={eventsError ? `${id}-events-error` : undefined}>
          <legend className="text-sm font-medium">{t('Partner.Webhooks.Events')}</legend>
          <div className="mt-2 space-y-2">
            {PARTNER_WEBHOOK_EVENTS.map((e) => (
              <label key={e} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-indigo-600"
                  checked={events.includes(e)}
                  onChange={(ev) => setEvents((old) => toggled(old, e, ev.target.checked))}
                />
                <span>
                  <span className="font-mono">{e}</span>
                  <span className="block text-slate-600 dark:text-slate-400">
                    {t(`Partner.Webhooks.EventHelp.${e}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {eventsError ? (
            <p id={`${id}-events-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        <DialogError
          message={create.isError ? withReason(t('Partner.Webhooks.AddError'), create.error) : null}
        />
        <DialogButtons
          confirmLabel={t('Partner.Webhooks.AddConfirm')}
          busy={create.isPending}
          onCancel={close}
        />
      </form>
    </PartnerDialog>
  );
}
