import { type Address, addressUpdateRequestSchema, type Country, DEFAULT_LANGUAGE } from '@vaultline/shared';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button, Card } from '../../../components/ui';
import { isLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateAddress } from '../api/account-api';
import { countryName, countryOptions } from '../lib/countries';
import { issuesByField, saveErrorText } from '../lib/field-messages';
import { InputField, SaveCancel, SelectField } from './form-parts';

const EMPTY = { street: '', city: '', postalCode: '', countryId: '' };
type Values = typeof EMPTY;

const valuesOf = (a: Address | null): Values =>
  a ? { street: a.street, city: a.city, postalCode: a.postalCode, countryId: String(a.country.id) } : EMPTY;

/** Address (spec-2 §2): street, postal code and city, and a country from the list, in the page language. */
export function AddressSection({ address, countries }: { address: Address | null; countries: Country[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const options = useMemo(() => countryOptions(countries, lang), [countries, lang]);
  const update = useUpdateAddress();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const open = () => {
    setValues(valuesOf(address));
    setErrors({});
    setEditing(true);
  };
  const close = () => {
    setErrors({});
    setEditing(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = addressUpdateRequestSchema.safeParse({
      ...values,
      countryId: values.countryId || undefined,
    });
    if (!parsed.success) return setErrors(issuesByField(t, parsed.error));
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
    } catch (err) {
      const text = saveErrorText(t, err, 'countryId') ?? saveErrorText(t, err);
      if (text) setErrors({ form: text });
      notify({
        severity: 'Error',
        title: t('MyAccount.Messages.Error'),
        message: t('MyAccount.Messages.UpdateAddressError'),
      });
      return;
    }
    notify({
      severity: 'Success',
      title: t('MyAccount.Messages.Success'),
      message: t('MyAccount.Messages.UpdateAddressSuccess'),
    });
    close();
  };

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('MyAccount.Address.Title')}
        </h2>
        {editing ? null : (
          <Button variant="secondary" size="sm" onClick={open}>
            {address ? t('MyAccount.Edit') : t('MyAccount.Address.Add')}
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-3" aria-labelledby={`${id}-title`}>
          <InputField
            id={`${id}-street`}
            label={t('MyAccount.Address.Street')}
            autoComplete="street-address"
            placeholder={t('MyAccount.Address.StreetPlaceholder')}
            value={values.street}
            onChange={set('street')}
            error={errors.street}
          />
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <InputField
              id={`${id}-postal`}
              label={t('MyAccount.Address.PostalCode')}
              autoComplete="postal-code"
              value={values.postalCode}
              onChange={set('postalCode')}
              error={errors.postalCode}
            />
            <InputField
              id={`${id}-city`}
              label={t('MyAccount.Address.City')}
              autoComplete="address-level2"
              value={values.city}
              onChange={set('city')}
              error={errors.city}
            />
          </div>
          <SelectField
            id={`${id}-country`}
            label={t('MyAccount.Address.Country')}
            autoComplete="country"
            value={values.countryId}
            onChange={set('countryId')}
            error={errors.countryId}
          >
            <option value="">{t('MyAccount.Address.ChooseCountry')}</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.form}
            </p>
          ) : null}
          <SaveCancel pending={update.isPending} onCancel={close} />
        </form>
      ) : address ? (
        <address
          data-testid="address-view"
          className="mt-3 not-italic leading-relaxed text-slate-800 dark:text-slate-200"
        >
          {address.street}
          <br />
          {address.postalCode} {address.city}
          <br />
          {countryName(countries, address.country.id, lang) ?? address.country.iso31661Alpha2Code}
        </address>
      ) : (
        <p className="mt-3 text-slate-600 italic dark:text-slate-400">{t('MyAccount.Address.None')}</p>
      )}
    </Card>
  );
}
