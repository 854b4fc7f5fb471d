import { type UserUpdateInput, userUpdateRequestSchema } from '@vaultline/shared';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateUser } from '../api/account-api';
import { issuesByField, saveErrorText } from '../lib/field-messages';

/**
 * One profile row's save: checks the changed fields with the shared schema, sends them (POST
 * User/update), and raises spec-2 §8's notice. Field errors (the form's or the server's) are kept
 * for the row to show beside its inputs; `fields` are the row's own, the first one by default.
 */
export function useSaveProfile(fields: readonly [string, ...string[]]) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(changes: UserUpdateInput): Promise<boolean> {
    const parsed = userUpdateRequestSchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(issuesByField(t, parsed.error));
      return false;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
    } catch (err) {
      const named = err instanceof ApiRequestError ? fields.find((f) => err.fields?.[f]) : undefined;
      const field = named ?? fields[0];
      const text = saveErrorText(t, err, field);
      if (text) setErrors({ [field]: text });
      notify({
        severity: 'Error',
        title: t('MyAccount.Messages.Error'),
        message: t('MyAccount.Messages.UpdateInfosError'),
      });
      return false;
    }
    notify({
      severity: 'Success',
      title: t('MyAccount.Messages.Success'),
      message: t('MyAccount.Messages.UpdateInfosSuccess'),
    });
    return true;
  }

  return { save, pending: update.isPending, errors, clearErrors: () => setErrors({}) };
}
