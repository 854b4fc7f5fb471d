import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** The server's reason for a failed call in the UI language (from the error envelope), if any. */
export function reasonOf(err: unknown): string | undefined {
  if (err instanceof ApiRequestError) return err.message;
  return undefined;
}

/** `text` followed by the server's reason, so the admin sees both what failed and why. */
export const withReason = (text: string, err: unknown): string => {
  const reason = reasonOf(err);
  return reason && reason !== text ? `${text} ${reason}` : text;
};

/** An error notification (spec-2 §8: title, then text), with the server's reason appended. */
export function notifyFailure(title: string, text: string, err?: unknown): void {
  notify({ title, message: err === undefined ? text : withReason(text, err), severity: 'Error' });
}

export function notifySuccess(title: string, text: string): void {
  notify({ title, message: text, severity: 'Success' });
}
