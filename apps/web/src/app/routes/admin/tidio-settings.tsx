import { useEffect } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { useAdminSettings, useSaveChatKey } from '../../../features/admin/api/settings';
import { ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { SettingForm } from '../../../features/admin/components/setting-form';
import { notifyFailure, notifySuccess } from '../../../features/admin/lib/errors';
import { checkChatKey } from '../../../features/admin/lib/settings-validation';
import { useTranslation } from '../../../lib/i18n';

/** Back office, spec-2 §2 chat widget settings (DECISIONS §8: stored on the server for every visitor). */
export default function AdminTidioSettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  const save = useSaveChatKey();

  useEffect(() => {
    if (settings.isError)
      notifyFailure(t('Admin.Common.Error'), t('Admin.Settings.LoadError'), settings.error);
  }, [settings.isError, settings.error, t]);

  const key = settings.data?.chatWidgetKey ?? null;
  return (
    <>
      <PageHeader
        title={t('Admin.Pages.TidioSettings.Title')}
        description={t('Admin.Pages.TidioSettings.Description')}
      />
      {settings.isPending ? (
        <LoadingBlock />
      ) : settings.isError ? (
        <ErrorBlock message={t('Admin.Settings.LoadError')} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingForm
          testId="chat-key-form"
          title={t('Admin.Settings.ChatTitle')}
          label={t('Admin.Settings.ChatKeyLabel')}
          initial={key ?? ''}
          info={key ? t('Admin.Settings.ChatKeySet') : t('Admin.Settings.ChatKeyNone')}
          help={t('Admin.Settings.ChatKeyHelp')}
          input={{ spellCheck: false, maxLength: 200 }}
          check={checkChatKey}
          saving={save.isPending}
          submitLabel={t('Admin.Settings.SaveChat')}
          savingLabel={t('Admin.Settings.Saving')}
          onSave={(value) =>
            save.mutate(value, {
              onSuccess: () => notifySuccess(t('Admin.Common.Success'), t('Admin.Settings.ChatSaved')),
              onError: (err) =>
                notifyFailure(t('Admin.Common.Error'), t('Admin.Settings.ChatSaveError'), err),
            })
          }
        />
      )}
    </>
  );
}
