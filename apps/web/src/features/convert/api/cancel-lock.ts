import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE AssetConvert/lock?id: cancels an unused lock. */
export const cancelLock = (id: string) => api.delete<unknown>('AssetConvert/lock', { query: { id } });

export const useCancelLock = () => useMutation({ mutationFn: cancelLock });
