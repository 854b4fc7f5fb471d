import type { HistoryItem } from '@vaultline/shared';
import { useTranslation } from '../../../lib/i18n';
import { HistoryCard } from './history-card';
import { HistoryPagination } from './history-pagination';

/** One page of cards with its pagination; which card is open is decided by the screen. */
export function HistoryList({
  rows,
  page,
  pageSize,
  total,
  onPage,
  openId,
  onToggle,
  onConfirmed,
  label,
}: {
  rows: readonly HistoryItem[];
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  openId: string | null;
  onToggle: (id: string) => void;
  onConfirmed: (item: HistoryItem) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <ul className="flex flex-col gap-3" aria-label={label ?? t('History.ListLabel')}>
        {rows.map((item) => (
          <HistoryCard
            key={item.id}
            item={item}
            open={openId === item.id}
            onToggle={() => onToggle(item.id)}
            onConfirmed={onConfirmed}
          />
        ))}
      </ul>
      <HistoryPagination
        page={page}
        pageSize={pageSize}
        shown={rows.length}
        total={total}
        onPage={onPage}
        label={label ? t('History.PaginationOf', { list: label }) : undefined}
      />
    </div>
  );
}
