import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle (the toggle keeps its own accessible name). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          aria-label={t(visible ? 'Auth.Common.HidePassword' : 'Auth.Common.ShowPassword')}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-indigo-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-slate-800"
        >
          {t(visible ? 'Auth.Common.Hide' : 'Auth.Common.Show')}
        </button>
      }
    />
  );
}
