import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_SIGNUP_AGE_YEARS, PASSWORD_MIN, type SignupRequest } from '@vaultline/shared';
import { Controller, useForm } from 'react-hook-form';
import { DateField } from '../../../components/ui/date-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSignup } from '../api/signup';
import { type SignupFormInput, signupFormSchema } from '../form-schemas';
import { fieldMessage, serverFieldErrors, serverMessage } from '../messages';
import { useSingleFlight } from '../use-single-flight';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

const FIELDS = ['firstName', 'lastName', 'email', 'birthDay', 'password'] as const;

/** spec-1 §2 signup: names, e-mail, birthday, password; REGISTER NOW. Calls `onSignedUp` with the token. */
export function SignupForm({ onSignedUp }: { onSignedUp: (token: string) => void }) {
  const { t } = useTranslation();
  const signup = useSignup();
  const once = useSingleFlight();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupFormInput, unknown, SignupRequest>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', birthDay: '', password: '' },
  });

  const submit = handleSubmit((values) =>
    once(async () => {
      let token: string;
      try {
        token = (await signup.mutateAsync(values)).jwToken;
      } catch (err) {
        const fields = serverFieldErrors(err, FIELDS);
        for (const [name, message] of fields)
          setError(name, { type: 'server', message }, { shouldFocus: true });
        notify({
          severity: 'Error',
          title: t('Auth.Signup.ErrorTitle'),
          message: serverMessage(t, err, 'Auth.Signup.ErrorFields'),
        });
        return;
      }
      notify({
        severity: 'Success',
        title: t('Auth.Signup.SuccessTitle'),
        message: t('Auth.Signup.SuccessMessage'),
      });
      onSignedUp(token);
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('Auth.Signup.FirstName')}
          autoComplete="given-name"
          error={fieldMessage(t, errors.firstName?.message)}
          {...register('firstName')}
        />
        <TextField
          label={t('Auth.Signup.LastName')}
          autoComplete="family-name"
          error={fieldMessage(t, errors.lastName?.message)}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('Auth.Signup.Email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={fieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      {/* Typed in the page language's date order, not the browser's (a native date input follows the browser). */}
      <Controller
        control={control}
        name="birthDay"
        render={({ field }) => (
          <DateField
            label={t('Auth.Signup.BirthDay')}
            autoComplete="bday"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            hint={t('Auth.Signup.BirthDayHint', { age: MIN_SIGNUP_AGE_YEARS })}
            error={fieldMessage(t, errors.birthDay?.message)}
          />
        )}
      />
      <PasswordField
        label={t('Auth.Signup.Password')}
        autoComplete="new-password"
        hint={t('Auth.Signup.PasswordHint', { min: PASSWORD_MIN })}
        error={fieldMessage(t, errors.password?.message)}
        {...register('password')}
      />
      <SubmitButton pending={signup.isPending}>{t('Auth.Signup.Submit')}</SubmitButton>
    </form>
  );
}
