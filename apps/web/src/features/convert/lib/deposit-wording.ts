import { networkName, type Wallet } from '@vaultline/shared';
import type { TFunction } from '../../../lib/i18n';

/**
 * How a guest's deposit goes for the assets offered: every one by hand (the spec's manual deposit,
 * a hash to confirm), every one on a watched network (seen on the chain, nothing to confirm), or
 * some of each. Assets a guest cannot send from (no address, no watched network) do not count.
 */
export type GuestDepositMode = 'manual' | 'watched' | 'mixed';

export function guestDepositMode(assets: readonly Wallet[]): { mode: GuestDepositMode; networks: string[] } {
  const sendable = assets.filter((a) => a.network !== null || a.isAddressConfigured);
  const networks = [...new Set(sendable.flatMap((a) => (a.network ? [a.network] : [])))];
  const watched = sendable.filter((a) => a.network !== null).length;
  if (watched === 0) return { mode: 'manual', networks };
  return { mode: watched === sendable.length ? 'watched' : 'mixed', networks };
}

/**
 * The text at `key` (the spec's, for manual deposits), `${key}Watched` or `${key}Mixed` (naming the
 * watched networks) for the assets offered. While they load, the spec's text.
 */
export function guestDepositText(
  t: TFunction,
  language: string,
  key: string,
  assets: readonly Wallet[],
): string {
  const { mode, networks } = guestDepositMode(assets);
  if (mode === 'manual') return t(key);
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(networks.map(networkName));
  return t(mode === 'watched' ? `${key}Watched` : `${key}Mixed`, { networks: names });
}
