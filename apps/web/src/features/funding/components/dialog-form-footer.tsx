import type { ReactNode } from 'react';
import { Button, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

/** The end of a deposit form: the server's refusal (if any), then Cancel and the submit button. */
export function DialogFormFooter({
  serverError,
  pending,
  onCancel,
  children,
}: {
  serverError: ReactNode;
  pending: boolean;
  onCancel: () => void;
  /** The submit button's label. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {serverError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-100 p-3 text-sm text-red-900 dark:bg-red-900/40 dark:text-red-100"
        >
          {serverError}
        </p>
      ) : null}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('Funding.Cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner label={t('Funding.Sending')} /> : null}
          {children}
        </Button>
      </div>
    </>
  );
}
