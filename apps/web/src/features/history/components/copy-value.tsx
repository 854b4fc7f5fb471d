import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/** A long value (hash, address) shown in full, with a copy button named after what it copies. */
export function CopyValue({ value, copyLabel }: { value: string; copyLabel: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ title: t('History.Copied'), severity: 'Success', closeAfter: 2000 });
    } catch {
      notify({ title: t('History.CopyFailed'), severity: 'Error' });
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
        {value}
      </code>
      <Button variant="secondary" size="sm" aria-label={copyLabel} onClick={() => void copy()}>
        {t('History.Copy')}
      </Button>
    </span>
  );
}
