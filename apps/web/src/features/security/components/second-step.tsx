import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { completeSignIn } from '../api/security-api';
import type { TwoFactorChallenge } from '../api/security-types';
import { FactorForm } from './factor-form';

interface Props {
  challenge: TwoFactorChallenge;
  onSignedIn: (token: string) => void;
  onBack: () => void;
}

/** The sign-in's second step (POST Auth/2fa): a code, a recovery code or a passkey. */
export function SecondStep({ challenge, onSignedIn, onBack }: Props) {
  const { t } = useTranslation();
  const methods = new Set(challenge.methods);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('Security.SignIn.SecondStepText')}</p>
      <FactorForm
        choice={{
          code: methods.has('totp') || methods.has('recoveryCode'),
          totp: methods.has('totp'),
          passkey: methods.has('passkey'),
          passkeyOptions: challenge.passkeyOptions,
        }}
        onProof={async (proof) => {
          const { jwToken } = await completeSignIn({ challengeId: challenge.challengeId, ...proof });
          notify({
            severity: 'Success',
            title: t('Auth.Login.SuccessTitle'),
            message: t('Auth.Login.SuccessMessage'),
          });
          onSignedIn(jwToken);
        }}
      />
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
      >
        {t('Security.SignIn.Back')}
      </button>
    </div>
  );
}
