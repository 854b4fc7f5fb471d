import type { ErrorParams } from '@vaultline/shared';

/**
 * A failure a service reports to the caller: HTTP status, stable code (listed in
 * packages/shared/src/error-codes.ts), user-facing message, and the values that message shows
 * (`params`) so the client can word it in the user's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code = 'BAD_REQUEST',
  fields?: Record<string, string>,
  params?: ErrorParams,
) => new AppError(400, code, message, fields, params);
export const unauthorized = (
  message = 'Authentication required',
  code = 'UNAUTHORIZED',
  params?: ErrorParams,
) => new AppError(401, code, message, undefined, params);
export const forbidden = (
  message = 'You do not have permission to do this',
  code = 'FORBIDDEN',
  params?: ErrorParams,
) => new AppError(403, code, message, undefined, params);
export const notFound = (message: string, code = 'NOT_FOUND', params?: ErrorParams) =>
  new AppError(404, code, message, undefined, params);
export const conflict = (message: string, code = 'CONFLICT', params?: ErrorParams) =>
  new AppError(409, code, message, undefined, params);
