import { useTranslation } from '../../lib/i18n';
import { toggleDark, useDark } from '../../lib/theme';

/** Dark-mode switch: a toggle button (aria-pressed) whose name stays "Dark mode". */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useDark();
  return (
    <button
      type="button"
      onClick={toggleDark}
      aria-pressed={dark}
      aria-label={t('Header.DarkMode')}
      title={t('Header.DarkMode')}
      className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {dark ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />
        </svg>
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="4" />
          <path
            strokeLinecap="round"
            d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
          />
        </svg>
      )}
    </button>
  );
}
