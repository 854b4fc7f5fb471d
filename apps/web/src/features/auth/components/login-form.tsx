import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginRequest } from '@vaultline/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { TwoFactorChallenge } from '../../security/api/security-types';
import { useLogin } from '../api/login';
import { type LoginFormInput, loginFormSchema } from '../form-schemas';
import { fieldMessage, loginErrorKey } from '../messages';
import { useSingleFlight } from '../use-single-flight';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

interface Props {
  onSignedIn: (token: string) => void;
  /** The account has a second factor: the password was right, the second step comes next. */
  onSecondStep: (challenge: TwoFactorChallenge) => void;
}

/**
 * spec-1 §2 login: e-mail and password; Enter submits. Calls `onSignedIn` with the new token, or
 * `onSecondStep` when the account asks for a second factor (issue 30).
 */
export function LoginForm({ onSignedIn, onSecondStep }: Props) {
  const { t } = useTranslation();
  const login = useLogin();
  const once = useSingleFlight();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormInput, unknown, LoginRequest>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) =>
    once(async () => {
      let answer: Awaited<ReturnType<typeof login.mutateAsync>>;
      try {
        answer = await login.mutateAsync(values);
      } catch (err) {
        notify({ severity: 'Error', title: t('Auth.Login.ErrorTitle'), message: t(loginErrorKey(err)) });
        return;
      }
      if ('twoFactorRequired' in answer) return onSecondStep(answer);
      notify({
        severity: 'Success',
        title: t('Auth.Login.SuccessTitle'),
        message: t('Auth.Login.SuccessMessage'),
      });
      onSignedIn(answer.jwToken);
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t('Auth.Login.Email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={fieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <PasswordField
        label={t('Auth.Login.Password')}
        autoComplete="current-password"
        error={fieldMessage(t, errors.password?.message)}
        {...register('password')}
      />
      <SubmitButton pending={login.isPending}>{t('Auth.Login.Submit')}</SubmitButton>
    </form>
  );
}
