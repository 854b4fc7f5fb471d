import { Decimal, PARTNER_LIMITS } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { UnknownUserError, useMakePartner } from '../api/partners';
import { notifySuccess, withReason } from '../lib/errors';
import { DecisionDialog } from './decision-dialog';

/** 0 to the ceiling (5 %), at most 4 decimals of a percent; a comma is a point. */
const PERCENT = /^\d{1,3}([.,]\d{1,4})?$/;
const ceilingPercent = new Decimal(PARTNER_LIMITS.maxCommissionCeiling).mul(100).toFixed();

/** A maximum typed in percent: the fraction to send, or null when it is not a rate from 0 to the ceiling. */
export function maxPercentToFraction(raw: string): string | null {
  const text = raw.trim().replace(',', '.');
  if (!PERCENT.test(text) || new Decimal(text).gt(ceilingPercent)) return null;
  return new Decimal(text).div(100).toFixed();
}

/**
 * Make an account a partner (by e-mail or user id) or change a partner's maximum commission, in the
 * back office's decision dialog. `fixed` is the partner being changed (the account field is hidden).
 */
export function PartnersDialog({
  open,
  fixed,
  initialWho,
  onClose,
}: {
  open: boolean;
  fixed?: { userId: string; email: string; maxCommission: string } | null;
  /** The account to make a partner, known already (a user id from the user page): no account field. */
  initialWho?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const make = useMakePartner();
  const [fieldError, setFieldError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setFieldError(null);
  }, [open]);
  const percent = (fraction: string) => f.number(fraction, { style: 'percent', maximumFractionDigits: 4 });

  const close = () => {
    make.reset();
    setFieldError(null);
    onClose();
  };

  const error =
    fieldError ??
    (make.error instanceof UnknownUserError
      ? t('Partner.Admin.UnknownUser')
      : make.isError
        ? withReason(t('Partner.Admin.SaveError'), make.error)
        : null);

  return (
    <DecisionDialog
      open={open}
      title={fixed ? t('Partner.Admin.ChangeTitle', { email: fixed.email }) : t('Partner.Admin.AddTitle')}
      summary={
        fixed ? (
          t('Partner.Admin.ChangeText', { max: percent(fixed.maxCommission) })
        ) : (
          <>
            <p>{t('Partner.Admin.AddText', { ceiling: percent(PARTNER_LIMITS.maxCommissionCeiling) })}</p>
            {initialWho ? (
              <p className="mt-2">
                {t('Partner.Admin.Account')}: <span className="font-mono break-all">{initialWho}</span>
              </p>
            ) : null}
          </>
        )
      }
      fields={[
        ...(fixed || initialWho
          ? []
          : [{ name: 'who', label: t('Partner.Admin.Who'), hint: t('Partner.Admin.WhoHint') }]),
        {
          name: 'max',
          label: t('Partner.Admin.MaxLabel'),
          hint: t('Partner.Admin.MaxHint', { ceiling: percent(PARTNER_LIMITS.maxCommissionCeiling) }),
          inputMode: 'decimal' as const,
        },
      ]}
      confirmLabel={fixed ? t('Partner.Admin.ChangeConfirm') : t('Partner.Admin.AddConfirm')}
      busy={make.isPending}
      error={error}
      onConfirm={({ values }) => {
        const who = fixed ? fixed.userId : (initialWho ?? values.who ?? '').trim();
        if (!who) return setFieldError(t('Partner.Admin.WhoRequired'));
        const max = maxPercentToFraction(values.max ?? '');
        if (max === null) return setFieldError(t('Partner.Admin.MaxInvalid', { ceiling: ceilingPercent }));
        setFieldError(null);
        make.mutate(
          { who, maxCommission: max },
          {
            onSuccess: () => {
              notifySuccess(
                t('Admin.Common.Success'),
                fixed
                  ? t('Partner.Admin.Changed', { email: fixed.email, max: percent(max) })
                  : t('Partner.Admin.Added', { max: percent(max) }),
              );
              close();
            },
          },
        );
      }}
      onClose={close}
    />
  );
}
