import { useMutation } from '@tanstack/react-query';
import type { LockRequest, PriceLock } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST AssetConvert/lock: locks the server's rate for 60 s; content is the lock. */
export const createLock = (body: LockRequest) => api.post<PriceLock>('AssetConvert/lock', body);

export const useCreateLock = () => useMutation({ mutationFn: createLock });
