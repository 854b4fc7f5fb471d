import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  /** `danger` for a confirm that ends something (log out). */
  variant?: 'primary' | 'danger';
}

/**
 * The form's submit button. While a request runs it shows a spinner and is aria-disabled rather than
 * disabled, so it keeps focus; the form itself ignores the repeat clicks.
 */
export function SubmitButton({ pending, children, variant = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={buttonClass(variant, 'lg', 'w-full font-semibold tracking-wide aria-disabled:cursor-wait')}
    >
      {pending ? <ButtonSpinner /> : null}
      {children}
    </button>
  );
}

function ButtonSpinner() {
  return (
    <svg
      data-testid="spinner"
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 animate-spin motion-reduce:animate-none"
      fill="none"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
