import { useTranslation } from '../../../lib/i18n';
import { hashPrefix } from '../lib/exchange-view';

/** A transaction hash, shortened, linked to the explorer when one is configured; the whole hash in its title. */
export function ChainHash({ hash, url }: { hash: string; url: string | null }) {
  const { t } = useTranslation();
  const text = <span className="font-mono">{hashPrefix(hash, 14)}</span>;
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={hash}
      className="text-indigo-700 underline dark:text-indigo-300"
    >
      {text}
      <span className="sr-only"> ({t('Tracking.Details.OpensExplorer')})</span>
    </a>
  ) : (
    <span title={hash}>{text}</span>
  );
}
