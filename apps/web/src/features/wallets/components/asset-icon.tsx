import { WalletType } from '@vaultline/shared';
import { useState } from 'react';

/** Tickers that have a drawn icon under /icons; anything else gets the generic one for its type. */
const KNOWN = new Set([
  'btc',
  'eth',
  'ltc',
  'xrp',
  'ada',
  'atom',
  'zec',
  'bnb',
  'ton',
  'usdt',
  'usdt-bep20',
  'usdt-trc20',
  'usd',
  'eur',
  'chf',
  'gbp',
  'cad',
  'aud',
  'jpy',
]);

export const fallbackIcon = (type: number) =>
  type === WalletType.Fiat ? '/icons/fiat.svg' : '/icons/crypto.svg';

/** The icon path for an asset, chosen by ticker, with a generic crypto (or fiat) fallback. */
export function iconFor(ticker: string, type: number = WalletType.Crypto): string {
  const t = ticker.toLowerCase();
  return KNOWN.has(t) ? `/icons/${t}.svg` : fallbackIcon(type);
}

interface Props {
  ticker: string;
  type?: number;
  size?: number;
  className?: string;
}

/** Decorative: the name and ticker are always written beside it. */
export function AssetIcon({ ticker, type = WalletType.Crypto, size = 40, className = '' }: Props) {
  const [src, setSrc] = useState(() => iconFor(ticker, type));
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={`shrink-0 rounded-full ${className}`}
      onError={() => setSrc(fallbackIcon(type))}
    />
  );
}
