import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../../components/ui';

export interface Tab<K extends string> {
  key: K;
  label: string;
  panel: () => ReactNode;
}

/**
 * Tabs (WAI-ARIA APG, automatic activation): arrow keys, Home and End move between tabs, Tab goes
 * into the panel. Only the chosen panel is rendered, so each section loads when first opened.
 */
export function PartnerTabs<K extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: Tab<K>[];
  value: K;
  onChange: (k: K) => void;
}) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === value),
  );
  const current = tabs[index];

  const onKeyDown = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-1 dark:border-slate-700"
      >
        {tabs.map((t) => {
          const selected = t.key === current?.key;
          return (
            <button
              key={t.key}
              ref={(el) => {
                if (el) refs.current.set(t.key, el);
                else refs.current.delete(t.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.key)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                selected
                  ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current?.key}`}>
        {current?.panel()}
      </div>
    </div>
  );
}
