import { UserStatus } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button, LinkButton } from '../../../components/ui';
import { PageHeader } from '../../../components/ui/page';
import { useAdminUser, useSetAccountStatus } from '../../../features/admin/api/users';
import { Badge, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { DecisionDialog } from '../../../features/admin/components/decision-dialog';
import { ResetTwoFactor } from '../../../features/admin/components/reset-two-factor';
import { UserBankAccount } from '../../../features/admin/components/user-bank-account';
import { UserProfile } from '../../../features/admin/components/user-profile';
import { UserStatusBadge } from '../../../features/admin/components/user-status-badge';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Back office, spec-2 §2 user detail (admin/user/{id}); spec-2 §4 account and bank account changes. */
export default function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  if (!valid) return <UserNotFound />;
  return <UserDetail id={id} />;
}

/** spec-2 §8: "User not found / No user with the specified id was found.", then notfound. */
function UserNotFound() {
  const { t } = useTranslation();
  useEffect(() => {
    notifyFailure(t('Admin.User.NotFoundTitle'), t('Admin.User.NotFound'));
  }, [t]);
  return <Navigate to="/notfound" replace />;
}

function UserDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { claims } = useSession();
  const user = useAdminUser(id);
  const setStatus = useSetAccountStatus();
  const [confirming, setConfirming] = useState(false);

  const notFound = user.error instanceof ApiRequestError && user.error.status === 404;
  useEffect(() => {
    if (!user.isError || notFound) return;
    // spec-2 §8: "Error / Could not load the user." and back to the admin home.
    notifyFailure(t('Admin.Common.Error'), t('Admin.User.LoadError'), user.error);
    void navigate('/admin', { replace: true });
  }, [user.isError, user.error, notFound, navigate, t]);

  if (notFound) return <UserNotFound />;
  if (user.isPending || user.isError) return <LoadingBlock />;

  const u = user.data;
  const active = u.status === UserStatus.active;
  const self = claims?.sub === u.id;
  const name = `${u.firstName} ${u.lastName}`.trim() || u.email;

  const changeStatus = () =>
    setStatus.mutate(
      { userId: u.id, status: active ? UserStatus.inactive : UserStatus.active },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(t('Admin.Common.Success'), t('Admin.User.StatusChanged'));
        },
      },
    );

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>{name}</span>
            <UserStatusBadge status={u.status} />
            {u.role === 'admin' ? <Badge tone="info">{t('Admin.User.RoleAdmin')}</Badge> : null}
            {u.premium ? <Badge tone="info">{t('Admin.User.Premium')}</Badge> : null}
          </span>
        }
        description={t('Admin.Pages.UserDetail.Description')}
        actions={
          <>
            {/* DECISIONS §11: the partners screen opens its dialog for this account. */}
            <LinkButton variant="secondary" to={`/admin/partners?add=${u.id}`}>
              {t('Partner.Admin.MakePartner')}
            </LinkButton>
            {self ? null : <ResetTwoFactor userId={u.id} name={name} />}
            {self ? (
              <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">{t('Admin.User.Self')}</p>
            ) : (
              <Button variant={active ? 'danger' : 'success'} onClick={() => setConfirming(true)}>
                {t(active ? 'Admin.User.Deactivate' : 'Admin.User.Activate')}
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-6">
        <UserProfile user={u} />
        <UserBankAccount user={u} onChanged={() => void user.refetch()} />
      </div>
      <DecisionDialog
        open={confirming}
        title={t(active ? 'Admin.User.DeactivateTitle' : 'Admin.User.ActivateTitle', { name })}
        summary={t(active ? 'Admin.User.DeactivateText' : 'Admin.User.ActivateText', { name })}
        confirmLabel={t(active ? 'Admin.User.Deactivate' : 'Admin.User.Activate')}
        confirmVariant={active ? 'danger' : 'success'}
        busy={setStatus.isPending}
        error={setStatus.isError ? withReason(t('Admin.User.StatusChangeError'), setStatus.error) : null}
        onConfirm={changeStatus}
        onClose={() => {
          setConfirming(false);
          setStatus.reset();
        }}
      />
    </>
  );
}
