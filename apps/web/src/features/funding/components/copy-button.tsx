import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/** Copies text; spec-1 §8 "Copied to clipboard!" / "Failed to copy to clipboard.". */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: t('Funding.Copied'), severity: 'Success', closeAfter: 2000 });
    } catch {
      notify({ title: t('Funding.CopyFailed'), severity: 'Error' });
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      {t('Funding.Copy')}
    </Button>
  );
}
