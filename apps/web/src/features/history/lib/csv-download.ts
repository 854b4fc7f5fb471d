import { type HistoryItem, historyCsv } from '@vaultline/shared';

/** `vaultline-history-YYYY-MM-DD.csv` (the UTC day, as the server names its export). */
export const csvFileName = (now: Date = new Date()) =>
  `vaultline-history-${now.toISOString().slice(0, 10)}.csv`;

/** The browser's own rows as a CSV file (a guest's exchanges; nothing leaves the browser). */
export const localCsvBlob = (items: readonly HistoryItem[]) =>
  new Blob([historyCsv(items)], { type: 'text/csv;charset=utf-8' });

/** Hands a file to the browser's download through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
