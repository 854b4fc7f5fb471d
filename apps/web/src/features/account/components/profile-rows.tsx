import type { User } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { formatLongDate } from '../../../lib/date-input';
import { useTranslation } from '../../../lib/i18n';
import { EditableRow } from './editable-row';
import { InputField, SaveCancel } from './form-parts';
import { useSaveProfile } from './use-save-profile';

/** Opens and closes a row; closing forgets what was typed and any error. */
function useRowState(clear: () => void) {
  const [editing, setEditing] = useState(false);
  return {
    editing,
    open: () => setEditing(true),
    close: () => {
      clear();
      setEditing(false);
    },
  };
}

export function NameRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const s = useSaveProfile(['firstName', 'lastName']);
  const row = useRowState(s.clearErrors);
  const [first, setFirst] = useState(user.firstName);
  const [last, setLast] = useState(user.lastName);
  const open = () => {
    setFirst(user.firstName);
    setLast(user.lastName);
    row.open();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changes = {
      ...(first.trim() !== user.firstName ? { firstName: first } : {}),
      ...(last.trim() !== user.lastName ? { lastName: last } : {}),
    };
    if (Object.keys(changes).length === 0 || (await s.save(changes))) row.close();
  };
  return (
    <EditableRow
      label={t('MyAccount.Name')}
      value={`${user.firstName} ${user.lastName}`}
      editing={row.editing}
      onEdit={open}
      testId="row-name"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField
            id={`${id}-first`}
            label={t('MyAccount.FirstName')}
            autoComplete="given-name"
            value={first}
            onChange={(e) => setFirst(e.target.value)}
            error={s.errors.firstName}
          />
          <InputField
            id={`${id}-last`}
            label={t('MyAccount.LastName')}
            autoComplete="family-name"
            value={last}
            onChange={(e) => setLast(e.target.value)}
            error={s.errors.lastName}
          />
        </div>
        <SaveCancel pending={s.pending} onCancel={row.close} />
      </form>
    </EditableRow>
  );
}

export function PhoneRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const s = useSaveProfile(['phoneNumber']);
  const row = useRowState(s.clearErrors);
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const open = () => {
    setPhone(user.phoneNumber ?? '');
    row.open();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phone.trim() === (user.phoneNumber ?? '') || (await s.save({ phoneNumber: phone.trim() })))
      row.close();
  };
  const value = user.phoneNumber ?? (
    <span className="text-slate-500 italic dark:text-slate-400">{t('MyAccount.NoPhone')}</span>
  );
  return (
    <EditableRow
      label={t('MyAccount.Phone')}
      value={value}
      editing={row.editing}
      onEdit={open}
      testId="row-phone"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <InputField
          id={`${id}-phone`}
          label={t('MyAccount.Phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+XX XXX XX XX"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={s.errors.phoneNumber}
        />
        <SaveCancel pending={s.pending} onCancel={row.close} />
      </form>
    </EditableRow>
  );
}

export function EmailRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const s = useSaveProfile(['email', 'currentPassword']);
  const row = useRowState(s.clearErrors);
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const open = () => {
    setEmail(user.email);
    setPassword('');
    row.open();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (email.trim().toLowerCase() === user.email) return row.close();
    if (await s.save({ email, currentPassword: password })) row.close();
  };
  return (
    <EditableRow
      label={t('MyAccount.Email')}
      value={user.email}
      editing={row.editing}
      onEdit={open}
      testId="row-email"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <InputField
          id={`${id}-email`}
          label={t('MyAccount.Email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={s.errors.email}
        />
        <InputField
          id={`${id}-password`}
          label={t('MyAccount.CurrentPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={s.errors.currentPassword}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('MyAccount.EmailPasswordHint')}</p>
        <SaveCancel pending={s.pending} onCancel={row.close} />
      </form>
    </EditableRow>
  );
}

export function BirthDayRow({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const s = useSaveProfile(['birthDay']);
  const row = useRowState(s.clearErrors);
  const [day, setDay] = useState(user.birthDay ?? '');
  const open = () => {
    setDay(user.birthDay ?? '');
    row.open();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (day === (user.birthDay ?? '') || (await s.save({ birthDay: day }))) row.close();
  };
  const value = user.birthDay ? (
    formatLongDate(user.birthDay, i18n.language)
  ) : (
    <span className="text-slate-500 italic dark:text-slate-400">{t('MyAccount.NoBirthDay')}</span>
  );
  return (
    <EditableRow
      label={t('MyAccount.BirthDay')}
      value={value}
      editing={row.editing}
      onEdit={open}
      testId="row-birthday"
    >
      <form onSubmit={submit} noValidate className="space-y-2">
        <DateField
          label={t('MyAccount.BirthDay')}
          autoComplete="bday"
          value={day}
          onChange={setDay}
          error={s.errors.birthDay}
        />
        <SaveCancel pending={s.pending} onCancel={row.close} />
      </form>
    </EditableRow>
  );
}
