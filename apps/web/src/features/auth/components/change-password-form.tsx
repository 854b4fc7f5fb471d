import { zodResolver } from '@hookform/resolvers/zod';
import { type AuthResponse, type ChangePasswordRequest, PASSWORD_MIN } from '@vaultline/shared';
import { useMemo } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';
import {
  type ChangePasswordFormInput,
  changePasswordFormSchema,
  PASSWORDS_DONT_MATCH,
} from '../form-schemas';
import { fieldMessage, serverFieldErrors, serverMessage } from '../messages';
import { useSingleFlight } from '../use-single-flight';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

const FIELDS = ['email', 'currentPassword', 'newPassword'] as const;

export interface ChangePasswordFormProps {
  /** The e-mailed reset token; without it the signed-in user gives the current password. */
  token: string | null;
  /** The signed-in user's e-mail for a reset; when null the e-mail field is shown. */
  email: string | null;
  /** Prefills the e-mail field (the address the reset link was sent to). */
  defaultEmail?: string | null;
  /** `result` is a fresh token after a signed-in change, null after a reset. */
  onChanged: (result: AuthResponse | null) => void;
}

/** spec-1 §2 changePassword: new and confirm password, plus the e-mail or the current password. */
export function ChangePasswordForm({ token, email, defaultEmail, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const once = useSingleFlight();
  const mode = token ? 'reset' : 'signed-in';
  const askEmail = mode === 'reset' && !email;
  const schema = useMemo(() => changePasswordFormSchema(mode, askEmail), [mode, askEmail]);
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail ?? '', currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onInvalid = (errs: FieldErrors<ChangePasswordFormInput>) => {
    if (errs.confirmPassword?.message === PASSWORDS_DONT_MATCH) {
      notify({
        severity: 'Error',
        title: t('Auth.ChangePassword.MismatchTitle'),
        message: t('Auth.ChangePassword.MismatchMessage'),
      });
    }
  };

  const submit = handleSubmit(
    (values) =>
      once(async () => {
        const body: ChangePasswordRequest =
          mode === 'reset'
            ? {
                email: (email ?? values.email ?? '').trim().toLowerCase(),
                token: token ?? '',
                newPassword: values.newPassword,
              }
            : { currentPassword: values.currentPassword ?? '', newPassword: values.newPassword };
        let result: AuthResponse | null;
        try {
          result = await change.mutateAsync(body);
        } catch (err) {
          for (const [name, message] of serverFieldErrors(err, FIELDS))
            setError(name, { type: 'server', message });
          const unreachable = !(err instanceof ApiRequestError) || err.status === 0 || err.status >= 500;
          notify({
            severity: 'Error',
            title: t('Auth.ChangePassword.ErrorTitle'),
            message: unreachable
              ? t('Auth.ChangePassword.RequestError')
              : serverMessage(t, err, 'Auth.ChangePassword.RequestError'),
          });
          return;
        }
        notify({ severity: 'Success', title: t('Auth.ChangePassword.SuccessTitle') });
        onChanged(result);
      }),
    onInvalid,
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {askEmail ? (
        <TextField
          label={t('Auth.ChangePassword.Email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={fieldMessage(t, errors.email?.message)}
          {...register('email')}
        />
      ) : null}
      {mode === 'signed-in' ? (
        <PasswordField
          label={t('Auth.ChangePassword.CurrentPassword')}
          autoComplete="current-password"
          error={fieldMessage(t, errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
      ) : null}
      <PasswordField
        label={t('Auth.ChangePassword.NewPassword')}
        autoComplete="new-password"
        hint={t('Auth.Signup.PasswordHint', { min: PASSWORD_MIN })}
        error={fieldMessage(t, errors.newPassword?.message)}
        {...register('newPassword', {
          // Re-check the confirmation only once it has been touched: an error that appears on the
          // untouched field and vanishes on its blur would move the button under the user's click.
          onChange: () => {
            if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
          },
        })}
      />
      <PasswordField
        label={t('Auth.ChangePassword.ConfirmPassword')}
        autoComplete="new-password"
        error={fieldMessage(t, errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <SubmitButton pending={change.isPending}>{t('Auth.ChangePassword.Submit')}</SubmitButton>
    </form>
  );
}
