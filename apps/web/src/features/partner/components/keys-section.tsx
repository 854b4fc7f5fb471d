import { PARTNER_KEY_SCOPES, PARTNER_LIMITS, type PartnerKeyScope } from '@vaultline/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { type PartnerKey, useCreatePartnerKey, usePartnerKeys, useRevokePartnerKey } from '../api/api-keys';
import { notifySuccess, withReason } from '../lib/notify';
import { ConfirmDialog, DialogButtons, DialogError, PartnerDialog, SecretOnceDialog } from './dialogs';
import { Badge, Empty, inputClass, LoadError, Loading, Section } from './ui';

/** API keys: the list (by prefix), a new key shown once, revoking with a confirmation. */
export function KeysSection() {
  const { t } = useTranslation();
  const keys = usePartnerKeys();
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<PartnerKey | null>(null);
  const revoke = useRevokePartnerKey();

  return (
    <Section
      testId="keys-section"
      title={t('Partner.Keys.Title')}
      description={t('Partner.Keys.Description')}
      actions={<Button onClick={() => setCreating(true)}>{t('Partner.Keys.Create')}</Button>}
    >
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <LoadError
          message={withReason(t('Partner.Keys.LoadError'), keys.error)}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data.length === 0 ? (
        <Empty>{t('Partner.Keys.Empty')}</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {keys.data.map((k) => (
            <KeyRow key={k.id} item={k} onRevoke={() => setRevoking(k)} />
          ))}
        </ul>
      )}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setNewKey(key);
        }}
      />
      <SecretOnceDialog
        secret={newKey}
        title={t('Partner.Keys.CreatedTitle')}
        label={t('Partner.Keys.KeyLabel')}
        testId="key-once"
        onClose={() => setNewKey(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('Partner.Keys.RevokeTitle', { name: revoking?.name ?? '' })}
        text={t('Partner.Keys.RevokeText')}
        confirmLabel={t('Partner.Keys.Revoke')}
        busy={revoke.isPending}
        error={revoke.isError ? withReason(t('Partner.Keys.RevokeError'), revoke.error) : null}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifySuccess(t('Partner.Keys.Revoked', { name: revoking.name }));
              setRevoking(null);
            },
          });
        }}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </Section>
  );
}

function KeyRow({ item, onRevoke }: { item: PartnerKey; onRevoke: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const revoked = item.revokedAt !== null;
  return (
    <li data-testid="key-row" className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
          <span className="break-all">{item.name}</span>
          {revoked ? (
            <Badge tone="danger">{t('Partner.Keys.StatusRevoked')}</Badge>
          ) : (
            <Badge tone="success">{t('Partner.Keys.StatusActive')}</Badge>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <code
            className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100"
            data-testid="key-prefix"
          >
            {item.prefix}…
          </code>
          {item.scopes.map((s) => (
            <Badge key={s} tone="info">
              {t(`Partner.Keys.Scope.${s}`)}
            </Badge>
          ))}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('Partner.Keys.Created', { date: f.dateTime(item.createdAt) })}
          {' · '}
          {item.lastUsedAt
            ? t('Partner.Keys.LastUsed', { date: f.dateTime(item.lastUsedAt) })
            : t('Partner.Keys.NeverUsed')}
          {item.revokedAt ? ` · ${t('Partner.Keys.RevokedAt', { date: f.dateTime(item.revokedAt) })}` : ''}
        </p>
      </div>
      {revoked ? null : (
        <Button
          size="sm"
          variant="danger"
          onClick={onRevoke}
          aria-label={t('Partner.Keys.RevokeNamed', { name: item.name })}
        >
          {t('Partner.Keys.Revoke')}
        </Button>
      )}
    </li>
  );
}

/** The scopes with `s` on or off, in the contract's order. */
const toggled = (old: PartnerKeyScope[], s: PartnerKeyScope, on: boolean): PartnerKeyScope[] =>
  PARTNER_KEY_SCOPES.filter((x) => (x === s ? on : old.includes(x)));

/** Name and scopes of a new key; checked here with the contract's rules, then by the server. */
function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreatePartnerKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PartnerKeyScope[]>(['read']);
  const [submitted, setSubmitted] = useState(false);

  const trimmed = name.trim();
  const nameError = !submitted
    ? null
    : !trimmed
      ? t('Partner.Keys.NameRequired')
      : trimmed.length > PARTNER_LIMITS.keyNameMax
        ? t('Partner.Keys.NameTooLong', { max: PARTNER_LIMITS.keyNameMax })
        : null;
  const scopesError = submitted && scopes.length === 0 ? t('Partner.Keys.ScopesRequired') : null;

  const close = () => {
    setName('');
    setScopes(['read']);
    setSubmitted(false);
    create.reset();
    onClose();
  };

  const submit = () => {
    setSubmitted(true);
    if (!trimmed || trimmed.length > PARTNER_LIMITS.keyNameMax || scopes.length === 0 || create.isPending)
      return;
    create.mutate(
      { name: trimmed, scopes },
      {
        onSuccess: (r) => {
          setName('');
          setScopes(['read']);
          setSubmitted(false);
          create.reset();
          onCreated(r.key);
        },
      },
    );
  };

  return (
    <PartnerDialog open={open} title={t('Partner.Keys.CreateTitle')} busy={create.isPending} onClose={close}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            {t('Partner.Keys.Name')}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            autoComplete="off"
            maxLength={PARTNER_LIMITS.keyNameMax + 20}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : `${id}-name-help`}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
          />
          {nameError ? (
            <p id={`${id}-name-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {nameError}
            </p>
          ) : (
            <p id={`${id}-name-help`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('Partner.Keys.NameHelp')}
            </p>
          )}
        </div>
        <fieldset aria-describedby={scopesError ? `${id}-scopes-error` : undefined}>
          <legend className="text-sm font-medium">{t('Partner.Keys.Scopes')}</legend>
          <div className="mt-2 space-y-2">
            {PARTNER_KEY_SCOPES.map((s) => (
              <label key={s} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-indigo-600"
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes((old) => toggled(old, s, e.target.checked))}
                />
                <span>
                  <span className="font-medium">{t(`Partner.Keys.Scope.${s}`)}</span>
                  <span className="block text-slate-600 dark:text-slate-400">
                    {t(`Partner.Keys.ScopeHelp.${s}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {scopesError ? (
            <p id={`${id}-scopes-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {scopesError}
            </p>
          ) : null}
        </fieldset>
        <DialogError
          message={create.isError ? withReason(t('Partner.Keys.CreateError'), create.error) : null}
        />
        <DialogButtons
          confirmLabel={t('Partner.Keys.CreateConfirm')}
          busy={create.isPending}
          onCancel={close}
        />
      </form>
    </PartnerDialog>
  );
}
