import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_LIMITS,
  type ContactFormInput,
  type ContactRequest,
  contactRequestSchema,
} from '@vaultline/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSendContactMessage } from '../api/contact';
import { contactFieldMessage } from '../lib/contact-messages';
import { ContactInput, ContactTextarea } from './contact-field';

const FIELDS = ['fullName', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
const isField = (k: string): k is Field => (FIELDS as readonly string[]).includes(k);

/** What a failed send tells the user: the server's translated reason when it is theirs to act on. */
function failureKeyOrText(err: unknown): { key: string } | { text: string } {
  if (!(err instanceof ApiRequestError) || err.status >= 500 || err.status === 0)
    return { key: 'Contact.ErrorMessage' };
  if (err.code === 'VALIDATION') return { key: 'Contact.ErrorFields' };
  return { text: err.message };
}

/** Contact page form (spec-2): full name, e-mail, phone (optional), message; stored by POST Contact. */
export function ContactForm() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    mode: 'onTouched',
    defaultValues: { fullName: '', email: '', phone: '', message: '' },
  });
  const messageLength = watch('message')?.length ?? 0;

  const submit = handleSubmit(async (values) => {
    if (send.isPending) return;
    setSent(false);
    try {
      await send.mutateAsync({ ...values, language: currentLanguage() });
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) {
        for (const [name, message] of Object.entries(err.fields))
          if (isField(name)) setError(name, { type: 'server', message }, { shouldFocus: true });
      }
      const failure = failureKeyOrText(err);
      notify({
        severity: 'Error',
        title: t('Contact.ErrorTitle'),
        message: 'key' in failure ? t(failure.key) : failure.text,
      });
      return;
    }
    notify({ severity: 'Success', title: t('Contact.SuccessTitle'), message: t('Contact.SuccessMessage') });
    reset();
    setSent(true);
  });

  const error = (name: Field) => contactFieldMessage(t, errors[name]?.message);

  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {t('Contact.FormTitle')}
      </h2>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <ContactInput
          label={t('Contact.FullName')}
          autoComplete="name"
          maxLength={CONTACT_LIMITS.fullNameMax}
          error={error('fullName')}
          {...register('fullName')}
        />
        <ContactInput
          label={t('Contact.Email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          error={error('email')}
          {...register('email')}
        />
      </div>
      <ContactInput
        label={t('Contact.Phone')}
        optional={t('Contact.Optional')}
        type="tel"
        autoComplete="tel"
        placeholder="+XX XXX XX XX"
        maxLength={CONTACT_LIMITS.phoneMax}
        error={error('phone')}
        {...register('phone')}
      />
      <ContactTextarea
        label={t('Contact.Message')}
        maxLength={CONTACT_LIMITS.messageMax}
        rows={6}
        error={error('message')}
        hint={t('Contact.MessageCount', {
          length: fmt.number(messageLength),
          max: fmt.number(CONTACT_LIMITS.messageMax),
        })}
        {...register('message')}
      />
      <div className="flex flex-wrap items-center gap-4 pt-1">
        <Button
          type="submit"
          size="lg"
          aria-disabled={send.isPending || undefined}
          aria-busy={send.isPending || undefined}
          className="aria-disabled:cursor-wait"
        >
          {t(send.isPending ? 'Contact.Sending' : 'Contact.Submit')}
        </Button>
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {sent ? t('Contact.SentInline') : ''}
        </p>
      </div>
    </form>
  );
}
