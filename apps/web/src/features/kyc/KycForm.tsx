import type { AccountType } from '@bank/contracts/auth/fields';
import { FIAT_CURRENCIES, type FiatCurrency } from '@bank/contracts/money';
import { IDENTITY_CARD_TYPES, SOURCES_OF_WEALTH, type SourceOfWealth } from '@bank/contracts/kyc/constants';
import { kycFormSchema, type KycFields } from '@bank/contracts/kyc/kyc-form';
import type { KycRecord } from '@bank/contracts/kyc/kyc-record';
import type { UserData } from '@bank/contracts/users/user-data';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../ui/SubmitButton';
import { currentLanguage } from '../../app/i18n';
import { ApiError } from '../../lib/api';
import { InputField, SelectField } from '../../ui/FormField';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/formValidation';
import { useCountryOptions } from './countries';

export interface KycFormValues {
  firstName: string;
  lastName: string;
  companyName: string;
  country: string;
  state: string;
  city: string;
  postalCode: string;
  address: string;
  phoneNumber: string;
  identityCardType: string;
  identityCardId: string;
  taxNumber: string;
  sourcesOfWealth: SourceOfWealth[];
  isOtherSourcesOfWealth: boolean;
  otherSourcesOfWealth: string;
  pep: boolean;
  currencies: FiatCurrency[];
}

type TextFieldName = Exclude<keyof KycFormValues, 'sourcesOfWealth' | 'isOtherSourcesOfWealth' | 'pep' | 'currencies'>;

/** The form starts from the last submission (a rejected one is corrected) or from the profile. */
export function initialKycValues(user: Partial<UserData>, previous: KycRecord | undefined): KycFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    firstName: text(previous?.firstName ?? user.firstName),
    lastName: text(previous?.lastName ?? user.lastName),
    companyName: text(previous?.companyName ?? user.companyName),
    country: text(previous?.country ?? user.country),
    state: text(previous?.state ?? user.stateOrProvince),
    city: text(previous?.city ?? user.city),
    postalCode: text(previous?.postalCode ?? user.postCode),
    address: text(previous?.address ?? user.address),
    phoneNumber: text(previous?.phoneNumber ?? user.phoneNumber),
    identityCardType: text(previous?.identityCardType),
    identityCardId: text(previous?.identityCardId),
    taxNumber: text(previous?.taxNumber),
    sourcesOfWealth: previous?.sourcesOfWealth ?? [],
    isOtherSourcesOfWealth: previous?.isOtherSourcesOfWealth ?? false,
    otherSourcesOfWealth: text(previous?.otherSourcesOfWealth),
    pep: previous?.pep ?? false,
    currencies: previous?.currencies ?? [],
  };
}

function toggle<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

/**
 * The KYC form of docs/product.md: a business gives its company name, a person first and last name;
 * the rules of the account type come from the same contract the server checks with.
 */
export function KycForm({
  accountType,
  initialValues,
  onSubmit,
}: {
  accountType: AccountType;
  initialValues: KycFormValues;
  onSubmit: (fields: KycFields) => Promise<void>;
}) {
  const { t } = useTranslation('kyc');
  const countries = useCountryOptions(currentLanguage());
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof KycFormValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const business = accountType === 'business';
  const required = (name: TextFieldName) => (business ? name === 'companyName' : ['firstName', 'lastName', 'country', 'phoneNumber', 'city', 'address', 'identityCardType', 'identityCardId'].includes(name));

  const result = validate(kycFormSchema(accountType), values);
  const errors: FieldErrors = { ...(result.errors ?? {}), ...serverErrors };
  const shown = (name: keyof KycFormValues) => (submitted || touched[name] ? errors[name] : undefined);
  const update = <K extends keyof KycFormValues>(name: K, value: KycFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  };
  const text = (name: TextFieldName, props: { autoComplete?: string; type?: string; inputMode?: 'tel' | 'text'; placeholder?: string } = {}) => (
    <InputField
      label={t(`fields.${name}`)}
      value={values[name]}
      onValue={(value) => update(name, value)}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      error={shown(name)}
      required={required(name)}
      {...props}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.data || submitting) {
      document.querySelector<HTMLElement>('.kyc-form [aria-invalid="true"]')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(result.data);
    } catch (error) {
      if (error instanceof ApiError && error.body?.fields) setServerErrors(serverFieldErrors(error.body.fields));
      throw error;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="kyc-form" onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <p className="kyc-form__note">{t('requiredNote')}</p>
      <Section title={business ? t('sections.company') : t('sections.person')}>
        {business ? (
          text('companyName', { autoComplete: 'organization' })
        ) : (
          <>
            {text('firstName', { autoComplete: 'given-name' })}
            {text('lastName', { autoComplete: 'family-name' })}
          </>
        )}
        {text('phoneNumber', { autoComplete: 'tel', type: 'tel', placeholder: t('phonePlaceholder') })}
        {text('taxNumber')}
      </Section>

      <Section title={t('sections.address')}>
        <SelectField
          label={t('fields.country')}
          value={values.country}
          onValue={(value) => update('country', value)}
          onBlur={() => setTouched((current) => ({ ...current, country: true }))}
          error={shown('country')}
          required={required('country')}
          autoComplete="country"
        >
          <option value="">{t('chooseCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        {text('state', { autoComplete: 'address-level1' })}
        {text('city', { autoComplete: 'address-level2' })}
        {text('postalCode', { autoComplete: 'postal-code' })}
        <div className="kyc-form__wide">{text('address', { autoComplete: 'street-address' })}</div>
      </Section>

      <Section title={t('sections.document')}>
        <SelectField
          label={t('fields.identityCardType')}
          value={values.identityCardType}
          onValue={(value) => update('identityCardType', value)}
          onBlur={() => setTouched((current) => ({ ...current, identityCardType: true }))}
          error={shown('identityCardType')}
          required={required('identityCardType')}
        >
          <option value="">{t('chooseDocument')}</option>
          {IDENTITY_CARD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`documentTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        {text('identityCardId')}
      </Section>

      <Section title={t('sections.finance')}>
        <fieldset className="choice-group kyc-form__wide">
          <legend>{t('fields.sourcesOfWealth')}</legend>
          <div className="choice-group__options">
            {SOURCES_OF_WEALTH.map((source) => (
              <label key={source} className="choice">
                <input
                  type="checkbox"
                  checked={values.sourcesOfWealth.includes(source)}
                  onChange={() => update('sourcesOfWealth', toggle(values.sourcesOfWealth, source))}
                />
                {t(`sources.${source}`)}
              </label>
            ))}
            <label className="choice">
              <input
                type="checkbox"
                checked={values.isOtherSourcesOfWealth}
                onChange={(event) => update('isOtherSourcesOfWealth', event.currentTarget.checked)}
              />
              {t('sources.other')}
            </label>
          </div>
        </fieldset>
        {values.isOtherSourcesOfWealth ? <div className="kyc-form__wide">{text('otherSourcesOfWealth')}</div> : null}

        <fieldset className="choice-group kyc-form__wide">
          <legend>{t('fields.pep')}</legend>
          <p className="field__hint">{t('pepHint')}</p>
          <div className="choice-group__options">
            <label className="choice">
              <input type="radio" name="pep" checked={!values.pep} onChange={() => update('pep', false)} />
              {t('pepNo')}
            </label>
            <label className="choice">
              <input type="radio" name="pep" checked={values.pep} onChange={() => update('pep', true)} />
              {t('pepYes')}
            </label>
          </div>
        </fieldset>

        <fieldset className="choice-group kyc-form__wide">
          <legend>{t('fields.currencies')}</legend>
          <div className="choice-group__options choice-group__options--grid">
            {FIAT_CURRENCIES.map((currency) => (
              <label key={currency} className="choice">
                <input
                  type="checkbox"
                  checked={values.currencies.includes(currency)}
                  onChange={() => update('currencies', toggle(values.currencies, currency))}
                />
                {currency}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      {submitted && result.errors ? (
        <p className="kyc-form__summary" role="alert">
          {t('fixErrors')}
        </p>
      ) : null}
      <SubmitButton className="kyc-form__submit" busy={submitting} label={t('submit')} busyLabel={t('submitting')} />
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="kyc-form__section cabinet-card">
      <legend className="kyc-form__legend">{title}</legend>
      <div className="kyc-form__grid">{children}</div>
    </fieldset>
  );
}
