import { useEffect, useState } from 'react';

/**
 * A QR code of `value` drawn locally (qrcode package), as an image with a text alternative. The
 * package is imported when a code is first drawn, so pages that merely could show one (the wallets
 * list with its closed deposit dialogs) do not load it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(value, { margin: 1, width: 176, errorCorrectionLevel: 'M' }),
      )
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div className="size-44 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />;
  // White quiet zone kept in dark mode so scanners can read it.
  return <img src={src} alt={label} width={176} height={176} className="rounded bg-white p-1" />;
}
