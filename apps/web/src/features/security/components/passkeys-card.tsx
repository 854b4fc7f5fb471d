import { type FormEvent, useState } from 'react';
import { Button, Card } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { TextField } from '../../auth/components/text-field';
import { useAddPasskey, useRemovePasskey } from '../api/security-api';
import type { Passkey } from '../api/security-types';
import { createPasskey, passkeyCancelled, passkeysSupported } from '../lib/passkey';
import { RecoveryCodes } from './recovery-codes';

const NAME_MAX = 64;

/** The account's passkeys: each a second factor and a way to sign in without a password. */
export function PasskeysCard({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const supported = passkeysSupported();

  // The account's first factor comes with its recovery codes, shown once.
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('Security.Passkeys.NameRequired'));
    if (creating) return;
    setCreating(true);
    setError(null);
    try {
      const response = await createPasskey();
      const added = await add.mutateAsync({ name: trimmed, response });
      setName('');
      if (added.recoveryCodes) setCodes(added.recoveryCodes);
      notify({ severity: 'Success', title: t('Security.Passkeys.Added', { name: trimmed }) });
    } catch (err) {
      setError(
        passkeyCancelled(err)
          ? t('Security.Factor.PasskeyCancelled')
          : err instanceof ApiRequestError && err.status < 500 && err.message
            ? err.message
            : t('Security.Factor.Failed'),
      );
    } finally {
      setCreating(false);
    }
  };

  const removeOne = (p: Passkey) =>
    remove.mutate(p.id, {
      onSuccess: () =>
        notify({ severity: 'Success', title: t('Security.Passkeys.Removed', { name: p.name }) }),
      onError: (err) =>
        notify({
          severity: 'Error',
          title: t('Security.Passkeys.RemoveFailed'),
          message: err instanceof ApiRequestError ? err.message : undefined,
        }),
    });

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Security.Passkeys.Title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('Security.Passkeys.Text')}</p>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        {t('Security.Passkeys.Count', { count: passkeys.length })}
      </p>
      {passkeys.length > 0 ? (
        <ul
          className="mt-3 divide-y divide-slate-200 dark:divide-slate-700"
          aria-label={t('Security.Passkeys.Title')}
        >
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-all">{p.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('Security.Passkeys.Created', { date: f.date(p.createdAt) })}
                  {' · '}
                  {p.lastUsedAt
                    ? t('Security.Passkeys.LastUsed', { date: f.dateTime(p.lastUsedAt) })
                    : t('Security.Passkeys.NeverUsed')}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('Security.Passkeys.RemoveNamed', { name: p.name })}
                disabled={remove.isPending}
                onClick={() => removeOne(p)}
              >
                {t('Security.Passkeys.Remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {supported ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-wrap items-start gap-3">
          <TextField
            className="min-w-0 flex-1 basis-56"
            label={t('Security.Passkeys.Name')}
            hint={t('Security.Passkeys.NameHint')}
            error={error ?? undefined}
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" className="sm:mt-7" aria-busy={creating || undefined} disabled={creating}>
            {t('Security.Passkeys.Add')}
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {t('Security.Passkeys.Unsupported')}
        </p>
      )}
    </Card>
  );
}
