import { Button, cn, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

/**
 * "Pay with card": a spinner while the checkout starts and the hosted page loads. It stays
 * pressable (a press while leaving opens the same page again), so it is never left dead.
 */
export function PayWithCardButton({
  busy,
  onClick,
  type = 'button',
  size = 'lg',
  className,
}: {
  busy: boolean;
  onClick?: () => void;
  type?: 'button' | 'submit';
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type={type}
      size={size}
      className={cn('w-full', className)}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? (
        <Spinner
          label={t('Checkout.Redirecting')}
          className="[&>span:first-child]:size-4 [&>span:first-child]:border-current/30 [&>span:first-child]:border-t-current"
        />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
          <rect x="2.5" y="5" width="19" height="14" rx="2" strokeWidth="1.8" />
          <path d="M2.5 10h19" strokeWidth="1.8" />
        </svg>
      )}
      {t('Checkout.PayWithCard')}
    </Button>
  );
}

/** Where the card is typed: on the gateway's secure page, never here (DECISIONS §7). */
export function SecurePageNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300', className)}>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
        fill="currentColor"
      >
        <path d="M10 1.5a4.5 4.5 0 0 0-4.5 4.5v2H5a2 2 0 0 0-2 2v6.5a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2h-.5V6A4.5 4.5 0 0 0 10 1.5Zm2.5 6.5h-5V6a2.5 2.5 0 0 1 5 0v2Z" />
      </svg>
      <span>{t('Checkout.SecurePage')}</span>
    </p>
  );
}

/** The server's refusal to start a checkout, above the button. */
export function CheckoutError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-100 p-3 text-sm font-medium text-red-900 dark:bg-red-900/40 dark:text-red-100"
    >
      {message}
    </p>
  );
}
