import { STATUS_CODES } from 'node:http';
import type { ErrorEnvelope, ErrorParams } from '@vaultline/shared';

export function ok<T>(content: T) {
  return { success: true as const, content, error: null };
}

export function errorEnvelope(
  status: number,
  message: string,
  code: string,
  fields?: Record<string, string>,
  params?: ErrorParams,
): ErrorEnvelope {
  return {
    success: false,
    content: null,
    error: {
      status,
      statusText: STATUS_CODES[status] ?? 'Error',
      error: message,
      code,
      ...(fields ? { fields } : {}),
      ...(params ? { params } : {}),
    },
  };
}
