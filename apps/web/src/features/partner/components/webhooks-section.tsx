import { useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import {
  type PartnerWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  usePartnerWebhooks,
  useRotateWebhook,
} from '../api/webhooks';
import { notifyFailure, notifySuccess, withReason } from '../lib/notify';
import { AddWebhookDialog } from './add-webhook-dialog';
import { DeliveryLog } from './delivery-log';
import { ConfirmDialog, SecretOnceDialog } from './dialogs';
import { Badge, ButtonSpinner, Empty, LoadError, Loading, Section } from './ui';

type Pending = { kind: 'rotate' | 'delete'; hook: PartnerWebhook } | null;

/** Webhooks: the endpoints (secret shown once at creation and rotation) and the delivery log. */
export function WebhooksSection() {
  const { t } = useTranslation();
  const hooks = usePartnerWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const rotate = useRotateWebhook();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const change = pending?.kind === 'rotate' ? rotate : remove;

  const confirm = () => {
    if (!pending) return;
    const { hook } = pending;
    if (pending.kind === 'rotate')
      rotate.mutate(hook.id, {
        onSuccess: (r) => {
          setPending(null);
          setSecret(r.secret);
        },
      });
    else
      remove.mutate(hook.id, {
        onSuccess: () => {
          setPending(null);
          notifySuccess(t('Partner.Webhooks.Deleted'));
        },
      });
  };

  return (
    <div className="space-y-6">
      <Section
        testId="webhooks-section"
        title={t('Partner.Webhooks.Title')}
        description={t('Partner.Webhooks.Description')}
        actions={<Button onClick={() => setAdding(true)}>{t('Partner.Webhooks.Add')}</Button>}
      >
        {hooks.isPending ? (
          <Loading />
        ) : hooks.isError ? (
          <LoadError
            message={withReason(t('Partner.Webhooks.LoadError'), hooks.error)}
            onRetry={() => void hooks.refetch()}
          />
        ) : hooks.data.length === 0 ? (
          <Empty>{t('Partner.Webhooks.Empty')}</Empty>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {hooks.data.map((h) => (
              <WebhookRow
                key={h.id}
                hook={h}
                enabling={enable.isPending && enable.variables === h.id}
                onEnable={() =>
                  enable.mutate(h.id, {
                    onSuccess: () => notifySuccess(t('Partner.Webhooks.Enabled')),
                    onError: (err) =>
                      notifyFailure(t('Partner.Common.Error'), t('Partner.Webhooks.EnableError'), err),
                  })
                }
                onRotate={() => setPending({ kind: 'rotate', hook: h })}
                onDelete={() => setPending({ kind: 'delete', hook: h })}
              />
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('Partner.Deliveries.Title')} description={t('Partner.Deliveries.Description')}>
        <DeliveryLog />
      </Section>
      <AddWebhookDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(s) => {
          setAdding(false);
          setSecret(s);
        }}
      />
      <SecretOnceDialog
        secret={secret}
        title={t('Partner.Webhooks.SecretTitle')}
        label={t('Partner.Webhooks.SecretLabel')}
        testId="secret-once"
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'rotate' ? t('Partner.Webhooks.RotateTitle') : t('Partner.Webhooks.DeleteTitle')
        }
        text={
          <>
            <p className="font-mono text-sm break-all">{pending?.hook.url}</p>
            <p className="mt-2">
              {pending?.kind === 'rotate'
                ? t('Partner.Webhooks.RotateText')
                : t('Partner.Webhooks.DeleteText')}
            </p>
          </>
        }
        confirmLabel={
          pending?.kind === 'rotate' ? t('Partner.Webhooks.Rotate') : t('Partner.Webhooks.Delete')
        }
        busy={change.isPending}
        error={
          change.isError
            ? withReason(
                t(
                  pending?.kind === 'rotate'
                    ? 'Partner.Webhooks.RotateError'
                    : 'Partner.Webhooks.DeleteError',
                ),
                change.error,
              )
            : null
        }
        onConfirm={confirm}
        onClose={() => {
          setPending(null);
          rotate.reset();
          remove.reset();
        }}
      />
    </div>
  );
}

function WebhookRow({
  hook,
  enabling,
  onEnable,
  onRotate,
  onDelete,
}: {
  hook: PartnerWebhook;
  enabling: boolean;
  onEnable: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li data-testid="webhook-row" className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-mono text-sm break-all text-slate-900 dark:text-white">{hook.url}</span>
        {hook.disabledAt ? (
          <Badge tone="danger">{t('Partner.Webhooks.StatusDisabled')}</Badge>
        ) : hook.failingSince ? (
          <Badge tone="warning">{t('Partner.Webhooks.StatusFailing')}</Badge>
        ) : (
          <Badge tone="success">{t('Partner.Webhooks.StatusActive')}</Badge>
        )}
      </div>
      <p className="flex flex-wrap gap-2">
        {hook.events.map((e) => (
          <Badge key={e} tone="info">
            {e}
          </Badge>
        ))}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('Partner.Webhooks.Created', { date: f.dateTime(hook.createdAt) })}
        {hook.disabledAt
          ? ` · ${t('Partner.Webhooks.DisabledAt', { date: f.dateTime(hook.disabledAt) })}`
          : hook.failingSince
            ? ` · ${t('Partner.Webhooks.FailingSince', { date: f.dateTime(hook.failingSince) })}`
            : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {hook.disabledAt ? (
          <Button
            size="sm"
            variant="success"
            onClick={onEnable}
            disabled={enabling}
            aria-busy={enabling || undefined}
          >
            {enabling ? <ButtonSpinner label={t('Partner.Common.Working')} /> : null}
            {t('Partner.Webhooks.Enable')}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onRotate}>
          {t('Partner.Webhooks.Rotate')}
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          {t('Partner.Webhooks.Delete')}
        </Button>
      </div>
    </li>
  );
}
