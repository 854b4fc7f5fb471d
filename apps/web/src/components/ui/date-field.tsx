import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { datePattern, formatDateInput, formatLongDate, parseDateInput } from '../../lib/date-input';
import { useTranslation } from '../../lib/i18n';
import { cn } from './cn';

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, '' when empty, or the text typed while it is not a date yet. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  inputClassName?: string;
}

/**
 * A date typed in the page language's order and separator (lib/date-input), whatever the browser's
 * language: the placeholder shows the pattern ("JJ/MM/AAAA" on a French page) and, once the text is
 * a real day, the line below reads it back in long form ("9 décembre 1990") so a swapped day and
 * month is seen before saving. Gives the form YYYY-MM-DD, or the raw text while it is not a date
 * (the form's date rule then refuses it).
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  id,
  error,
  hint,
  autoComplete,
  inputRef,
  className,
  inputClassName,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const autoId = useId();
  const inputId = id ?? autoId;
  const [text, setText] = useState(() => formatDateInput(value, lang) || value);
  // What this field last gave the form: a value from elsewhere (a reset, a loaded profile) replaces the text.
  const given = useRef(value);
  useEffect(() => {
    if (value !== given.current) {
      given.current = value;
      setText(formatDateInput(value, lang) || value);
    }
  }, [value, lang]);
  // The page language changed: the same day, written the new way.
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    const iso = parseDateInput(text, shownLang.current);
    shownLang.current = lang;
    if (iso) setText(formatDateInput(iso, lang));
  }, [lang, text]);

  const { order, separator } = datePattern(lang);
  const pattern = order.map((p) => t(`DateInput.${p}`)).join(separator);
  const iso = parseDateInput(text, lang);
  const line = error ?? (iso ? formatLongDate(iso, lang) : (hint ?? t('DateInput.Hint', { pattern })));
  const lineId = `${inputId}-line`;

  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        name={name}
        type="text"
        inputMode="numeric"
        lang={lang}
        autoComplete={autoComplete}
        placeholder={pattern}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={lineId}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const out = parseDateInput(next, lang) ?? next.trim();
          given.current = out;
          onChange(out);
        }}
        onBlur={onBlur}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:focus:ring-indigo-400 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400',
          error
            ? 'border-red-600 focus:border-red-600 dark:border-red-400'
            : 'border-slate-500 focus:border-indigo-600 dark:border-slate-500',
          inputClassName,
        )}
      />
      <p
        id={lineId}
        aria-live="polite"
        className={
          error
            ? 'mt-1 min-h-5 text-sm font-medium text-red-700 dark:text-red-400'
            : 'mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400'
        }
      >
        {line}
      </p>
    </div>
  );
}
