/** The Vaultline mark and word. */
export function Logo() {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
        <path
          d="M8 9l8 15 8-15"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg font-bold tracking-tight text-slate-900 dark:text-white">Vaultline</span>
    </>
  );
}
