import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';
import { type ForgotPasswordFormInput, forgotPasswordFormSchema } from '../form-schemas';
import { fieldMessage } from '../messages';
import { useSingleFlight } from '../use-single-flight';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/**
 * spec-1 §2 forgotPassword. The answer is the same whether or not the address has an account, and the
 * token only travels by e-mail (DECISIONS §7, §9: no debug Continue action).
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const once = useSingleFlight();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormInput, unknown, { email: string }>({
    resolver: zodResolver(forgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const submit = handleSubmit((values) =>
    once(async () => {
      try {
        await reset.mutateAsync(values);
      } catch {
        notify({
          severity: 'Error',
          title: t('Auth.ForgotPassword.ErrorTitle'),
          message: t('Auth.ForgotPassword.Error'),
        });
        return;
      }
      setSentTo(values.email);
      notify({
        severity: 'Info',
        title: t('Auth.ForgotPassword.SentTitle'),
        message: t('Auth.ForgotPassword.SentMessage'),
      });
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t('Auth.ForgotPassword.Email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={fieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <p role="status" className="text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {sentTo ? t('Auth.ForgotPassword.SentDetail', { email: sentTo }) : ''}
      </p>
      <SubmitButton pending={reset.isPending}>{t('Auth.ForgotPassword.Submit')}</SubmitButton>
    </form>
  );
}
