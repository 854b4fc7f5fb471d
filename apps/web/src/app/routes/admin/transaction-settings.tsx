import { useEffect } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { useAdminSettings, useSaveFeeRate, useSaveMinimum } from '../../../features/admin/api/settings';
import { ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { SettingForm } from '../../../features/admin/components/setting-form';
import { notifyFailure, notifySuccess } from '../../../features/admin/lib/errors';
import { checkFeePercent, checkMinimum, feeToPercent } from '../../../features/admin/lib/settings-validation';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/**
 * Back office, spec-2 §2 Transaction settings: the minimum transaction amount in USD (DECISIONS §3:
 * stored on the server, applies to every visitor) and the conversion fee of non-premium users.
 */
export default function AdminTransactionSettingsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const settings = useAdminSettings();
  const minimum = useSaveMinimum();
  const fee = useSaveFeeRate();

  useEffect(() => {
    if (settings.isError)
      notifyFailure(t('Admin.Common.Error'), t('Admin.Settings.LoadError'), settings.error);
  }, [settings.isError, settings.error, t]);

  const s = settings.data;
  // A fee fraction as a percentage with only the decimals it has (0.005 -> 0.5 %).
  const percent = (fraction: string) => f.number(fraction, { style: 'percent', maximumFractionDigits: 4 });
  return (
    <>
      <PageHeader
        title={t('Admin.Pages.TransactionSettings.Title')}
        description={t('Admin.Pages.TransactionSettings.Description')}
      />
      {settings.isPending ? (
        <LoadingBlock />
      ) : !s ? (
        <ErrorBlock message={t('Admin.Settings.LoadError')} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="space-y-6">
          <SettingForm
            testId="minimum-form"
            title={t('Admin.Settings.MinimumTitle')}
            label={t('Admin.Settings.MinimumLabel')}
            initial={s.minimumTransactionAmount}
            info={t('Admin.Settings.MinimumCurrent', { amount: f.money(s.minimumTransactionAmount, 'USD') })}
            input={{ type: 'number', step: '0.01', min: '1', inputMode: 'decimal' }}
            suffix="USD"
            check={checkMinimum}
            saving={minimum.isPending}
            submitLabel={t('Admin.Settings.SaveChanges')}
            savingLabel={t('Admin.Settings.Saving')}
            onSave={(value) =>
              minimum.mutate(value, {
                onSuccess: (saved) =>
                  notifySuccess(
                    t('Admin.Common.Success'),
                    t('Admin.Settings.MinimumSaved', { amount: f.money(saved, 'USD') }),
                  ),
                onError: (err) =>
                  notifyFailure(t('Admin.Common.Error'), t('Admin.Settings.MinimumSaveError'), err),
              })
            }
          />
          <SettingForm
            testId="fee-form"
            title={t('Admin.Settings.FeeTitle')}
            label={t('Admin.Settings.FeeLabel')}
            initial={feeToPercent(s.feeRate)}
            info={t('Admin.Settings.FeeCurrent', { fee: percent(s.feeRate) })}
            help={t('Admin.Settings.FeeHelp')}
            input={{ inputMode: 'decimal' }}
            suffix="%"
            check={checkFeePercent}
            saving={fee.isPending}
            submitLabel={t('Admin.Settings.SaveChanges')}
            savingLabel={t('Admin.Settings.Saving')}
            onSave={(value) =>
              fee.mutate(value, {
                onSuccess: (saved) =>
                  notifySuccess(
                    t('Admin.Common.Success'),
                    t('Admin.Settings.FeeSaved', { fee: percent(saved) }),
                  ),
                onError: (err) =>
                  notifyFailure(t('Admin.Common.Error'), t('Admin.Settings.FeeSaveError'), err),
              })
            }
          />
        </div>
      )}
    </>
  );
}
