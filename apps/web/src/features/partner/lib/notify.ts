import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** The server's reason for a failed call, in the UI language (the envelope's code, translated). */
export const reasonOf = (err: unknown): string | undefined =>
  err instanceof ApiRequestError ? err.message : undefined;

/** `text`, then the server's reason when it adds something. */
export function withReason(text: string, err: unknown): string {
  const reason = reasonOf(err);
  return reason && reason !== text ? `${text} ${reason}` : text;
}

export function notifyFailure(title: string, text: string, err?: unknown): void {
  notify({ title, message: err === undefined ? text : withReason(text, err), severity: 'Error' });
}

export function notifySuccess(title: string, text?: string): void {
  notify({ title, ...(text ? { message: text } : {}), severity: 'Success' });
}
