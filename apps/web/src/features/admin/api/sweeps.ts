import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sweep, SweepsView } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { CHAINS_REFRESH_MS } from './chains';

const path = (network: string) => `Admin/chains/${encodeURIComponent(network)}/sweeps`;
const key = (network: string) => ['admin', 'chains', 'sweeps', network] as const;

/** GET Admin/chains/:network/sweeps: final deposits held at deposit addresses, and the latest sweeps. */
export const sweepsQuery = (network: string) =>
  queryOptions({
    queryKey: key(network),
    queryFn: ({ signal }) => api.get<SweepsView>(path(network), { signal }),
    refetchInterval: CHAINS_REFRESH_MS,
  });
export const useSweeps = (network: string) => useQuery(sweepsQuery(network));

/** POST Admin/chains/:network/sweeps {destination}: the PSBT sweeping every deposit held there. */
export function useCreateSweep(network: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (destination: string) => api.post<Sweep>(path(network), { destination }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'chains'] }),
  });
}

/** POST Admin/chains/:network/sweeps/:id/signed {psbt}: checked, finalized and broadcast. */
export function useSignedSweep(network: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: { id: string; psbt: string }) =>
      api.post<Sweep>(`${path(network)}/${encodeURIComponent(s.id)}/signed`, { psbt: s.psbt }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'chains'] }),
  });
}

/** POST Admin/chains/:network/sweeps/:id/{rebroadcast|abandon}: a dropped sweep sent again or abandoned. */
export function useEndSweep(network: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: { id: string; action: 'rebroadcast' | 'abandon' }) =>
      api.post<Sweep>(`${path(network)}/${encodeURIComponent(s.id)}/${s.action}`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'chains'] }),
  });
}

/** GET Admin/chains/:network/sweeps/:id/psbt: the unsigned PSBT file (binary), as a Blob. */
export async function fetchSweepFile(network: string, id: string): Promise<Blob> {
  const res = await fetch(`/api/${path(network)}/${encodeURIComponent(id)}/psbt`, {
    headers: { accept: 'application/octet-stream', authorization: `Bearer ${session.get().token ?? ''}` },
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.blob();
}
