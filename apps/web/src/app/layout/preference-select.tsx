import { useEffect, useId, useState } from 'react';
import { cn } from '../../components/ui/cn';

export type ChangeState = 'idle' | 'changing' | 'success' | 'error';

/** How long the green/red border stays before the control looks idle again. */
const RESULT_MS = 4000;

/**
 * spec-1 §4: a selector that goes idle -> changing (disabled) -> success (green border) or error (red
 * border). The state is also spoken through a polite live region.
 */
export function PreferenceSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  texts,
}: {
  label: string;
  value: T;
  options: readonly { value: T; text: string }[];
  onChange: (v: T) => Promise<void>;
  texts: { changing: string; success: string; error: string };
}) {
  const id = useId();
  const [state, setState] = useState<ChangeState>('idle');
  const [shown, setShown] = useState<T>(value);

  useEffect(() => setShown(value), [value]);
  useEffect(() => {
    if (state !== 'success' && state !== 'error') return;
    const timer = setTimeout(() => setState('idle'), RESULT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const change = async (next: T) => {
    setShown(next);
    setState('changing');
    try {
      await onChange(next);
      setState('success');
    } catch {
      setShown(value);
      setState('error');
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <select
        id={id}
        value={shown}
        disabled={state === 'changing'}
        data-state={state}
        aria-describedby={`${id}-status`}
        onChange={(e) => void change(e.target.value as T)}
        className={cn(
          'h-10 rounded-lg border-2 bg-white px-3 text-sm text-slate-900 transition-colors dark:bg-slate-900 dark:text-slate-100',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60',
          state === 'success' && 'border-emerald-600 dark:border-emerald-400',
          state === 'error' && 'border-red-600 dark:border-red-400',
          (state === 'idle' || state === 'changing') && 'border-slate-500 dark:border-slate-500',
        )}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      <span
        id={`${id}-status`}
        aria-live="polite"
        className="min-h-4 text-xs text-slate-600 dark:text-slate-400"
      >
        {state === 'changing'
          ? texts.changing
          : state === 'success'
            ? texts.success
            : state === 'error'
              ? texts.error
              : ''}
      </span>
    </div>
  );
}
