import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LinkButton } from '../../../components/ui';
import { Button } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { type StepUpRequest, setStepUpHandler, twoFactorRequired } from '../../../lib/step-up';
import { ModalDialog } from '../../funding/components/modal-dialog';
import { twoFactorQueryOptions } from '../api/security-api';
import { type FactorChoice, FactorForm } from './factor-form';

interface Asking {
  request: StepUpRequest;
  choice: FactorChoice;
  resolve: (done: boolean) => void;
}

/**
 * The shell's step-up dialog: any protected action answered 401 TWO_FACTOR_NEEDED opens it; the factor
 * given sends the action again (lib/step-up.ts). A 403 TWO_FACTOR_REQUIRED on an action opens the
 * notice instead, with the way to Security.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const current = useRef<Asking | null>(null);
  current.current = asking;
  const notice = useSyncExternalStore(twoFactorRequired.subscribe, twoFactorRequired.get);

  useEffect(
    () =>
      setStepUpHandler(async (request) => {
        // One dialog at a time: a second protected call while one asks waits its turn as refused.
        if (current.current) return false;
        let choice: FactorChoice = { code: true, totp: true, passkey: false };
        try {
          const status = await queryClient.fetchQuery(twoFactorQueryOptions());
          choice = {
            code: status.totp || status.recoveryCodesLeft > 0,
            totp: status.totp,
            passkey: status.passkeys.length > 0,
          };
        } catch {
          // Ask for a code anyway: the server says whether it is right.
        }
        return new Promise<boolean>((resolve) => setAsking({ request, choice, resolve }));
      }),
    [],
  );

  const close = (done: boolean) => {
    asking?.resolve(done);
    setAsking(null);
  };

  return (
    <>
      <ModalDialog open={asking !== null} onClose={() => close(false)} title={t('Security.StepUp.Title')}>
        {asking ? (
          <div className="space-y-4" data-testid="step-up-dialog">
            <p className="text-sm text-slate-700 dark:text-slate-300">{asking.request.message}</p>
            <FactorForm
              choice={asking.choice}
              onProof={async (proof) => {
                await asking.request.attempt(proof);
                close(true);
              }}
              actions={
                <Button variant="ghost" onClick={() => close(false)}>
                  {t('Security.StepUp.Cancel')}
                </Button>
              }
            />
          </div>
        ) : null}
      </ModalDialog>
      <ModalDialog
        open={notice?.action === true}
        onClose={() => twoFactorRequired.set(null)}
        title={t('Security.Required.Title')}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{notice?.message}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('Security.Required.Text')}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => twoFactorRequired.set(null)}>
              {t('Security.StepUp.Cancel')}
            </Button>
            <LinkButton to="/my-account/security" onClick={() => twoFactorRequired.set(null)}>
              {t('Security.Required.Link')}
            </LinkButton>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}
