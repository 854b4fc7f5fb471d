import { TransactionStatus } from '@vaultline/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notifications, notify } from '../../../lib/notify';
import { statusView } from '../../convert/lib/status';
import { type Move, shortId } from './history-view';

export const statusLabel = (status: number) => i18n.t(`Exchange.Status.${statusView(status).key}`);

/**
 * A status moved (live update, refresh or poll): spec-1 §8 "Transaction {first 8 chars}... status:
 * {label}." and, for a move to success or failed, spec-1 §4 "Transaction status changed to: {text}"
 * in the same notification. Green for success, red for failed, info otherwise.
 */
export function notifyMove({ item, notify: final }: Move): void {
  const label = statusLabel(item.status);
  notify({
    title: i18n.t('History.StatusNotice', { id: shortId(item.id), label }),
    ...(final ? { message: i18n.t('History.StatusChanged', { text: label }) } : {}),
    severity:
      item.status === TransactionStatus.success
        ? 'Success'
        : item.status === TransactionStatus.failed
          ? 'Error'
          : 'Info',
  });
}

/**
 * spec-1 §8 "Authentication Required / Please log in to view your transactions" (once: the screen's
 * 401 and the session being cleared by that same 401 may both ask for it).
 */
export function notifyAuthRequired(): void {
  const title = i18n.t('History.AuthRequired');
  if (notifications.get().some((n) => n.title === title)) return;
  notify({ title, message: i18n.t('History.LogInToView'), severity: 'Warning' });
}

/** spec-1 §8 History load failures; returns 'login' when the user must sign in again (401). */
export function notifyLoadError(err: unknown): 'login' | null {
  const status = err instanceof ApiRequestError ? err.status : 0;
  if (status === 401) {
    notifyAuthRequired();
    return 'login';
  }
  if (status === 403) {
    notify({
      title: i18n.t('History.AccessDenied'),
      message: i18n.t('History.NoPermission'),
      severity: 'Error',
    });
    return null;
  }
  notify({ title: i18n.t('History.LoadFailed'), severity: 'Error' });
  return null;
}
