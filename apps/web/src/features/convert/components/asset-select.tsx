import type { Wallet } from '@vaultline/shared';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (id: string) => void;
  assets: Wallet[];
  disabled?: boolean;
}

/** A labelled native select: options read "Name (TICKER)" (spec-1 §2). */
export function AssetSelect({ id, label, value, onChange, assets, disabled }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
      >
        {assets.map((a) => (
          <option key={a.id} value={a.id}>
            {a.fullName} ({a.ticker})
          </option>
        ))}
      </select>
    </div>
  );
}
