import { Button, Card } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/** Saves the codes as a text file (a download the browser makes from memory). */
function download(codes: string[], title: string) {
  const blob = new Blob([`${title}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'vaultline-recovery-codes.txt';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The ten recovery codes, shown once right after the authenticator is turned on: the server keeps
 * only their hashes, so this is the one moment they can be copied or downloaded.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify({ title: t('Security.Recovery.Copied'), severity: 'Success', closeAfter: 2000 });
    } catch {
      notify({ title: t('Security.Recovery.CopyFailed'), severity: 'Error' });
    }
  };
  return (
    <Card className="border-amber-400 dark:border-amber-500">
      <h2 className="text-lg font-semibold">{t('Security.Recovery.Title')}</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('Security.Recovery.Text')}</p>
      <ul
        data-testid="recovery-codes"
        aria-label={t('Security.Recovery.Title')}
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm sm:grid-cols-2 dark:bg-slate-800"
      >
        {codes.map((c) => (
          <li key={c} className="break-all">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('Security.Recovery.Copy')}
        </Button>
        <Button variant="secondary" onClick={() => download(codes, t('Security.Recovery.FileTitle'))}>
          {t('Security.Recovery.Download')}
        </Button>
        <Button onClick={onDone}>{t('Security.Recovery.Saved')}</Button>
      </div>
    </Card>
  );
}
