import { PAYMENT_REGIONS } from '@bank/contracts/tariffs';
import {
  RECIPIENT_TYPES,
  internationalTransferSchema,
  type InternationalTransferPayload,
} from '@bank/contracts/transfers/create-international-transfer';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { CountrySelect } from '../../ui/CountrySelect';
import { DateField } from '../../ui/DateField';
import { bindField, focusFirstError, InputField, SelectField } from '../../ui/FormField';
import { AccountSelect } from '../accounts';
import { accountCurrency } from '../accounts';
import { BankTransferReview } from './BankTransferReview';
import { FeeLine } from './FeeLine';
import { transferFieldErrors } from './formErrors';
import { RepeatFields } from './RepeatFields';
import { REPEAT_EMPTY, repeats, repeatSummary, standingOrderFieldErrors, standingOrderPayload } from './repeat';
import { TransferResultModal } from './TransferResultModal';
import { useTransferFee } from './transferFee';
import { useTransferForm } from './useTransferForm';

const EMPTY = {
  paymentRegions: '',
  fromAccount: '',
  paymentDate: '',
  amount: '',
  reference: '',
  purpose: '',
  templateName: '',
  recipientType: '',
  fullName: '',
  recipientsAddress: '',
  country: '',
  recipientsEmail: '',
  phoneNumber: '',
  recipientsIban: '',
  recipientsAccountNumber: '',
  recipientsSwiftBic: '',
  recipientsBank: '',
  recipientsBankAddress: '',
  recipientsBankCountry: '',
  ...REPEAT_EMPTY,
};
export type BankTransferValues = typeof EMPTY;

function toPayload(values: BankTransferValues): InternationalTransferPayload {
  return {
    type: 'international',
    paymentRegions: values.paymentRegions as InternationalTransferPayload['paymentRegions'],
    fromAccount: values.fromAccount,
    paymentDate: values.paymentDate,
    reference: values.reference,
    amount: values.amount,
    purpose: values.purpose,
    templateName: values.templateName,
    recipientDetails: {
      fullName: values.fullName,
      recipientsSwiftBic: values.recipientsSwiftBic,
      recipientsBankCountry: values.recipientsBankCountry,
      recipientsBankAddress: values.recipientsBankAddress,
      recipientsBank: values.recipientsBank,
      recipientsIban: values.recipientsIban,
      recipientsAccountNumber: values.recipientsAccountNumber,
      recipientsAddress: values.recipientsAddress,
      country: values.country,
      phoneNumber: values.phoneNumber,
      recipientsEmail: values.recipientsEmail,
      recipientType: values.recipientType ? (values.recipientType as InternationalTransferPayload['recipientDetails']['recipientType']) : undefined,
    },
  };
}

/** The standing order the form describes when Repeat is on: the transfer without its own date. */
function orderOf(payload: InternationalTransferPayload, values: BankTransferValues) {
  const { paymentDate: _ownDate, ...repeated } = payload;
  return standingOrderPayload(repeated, values);
}

/**
 * Bank (international) transfer (docs/product.md): payment region, account, date, reference, amount
 * (as text), purpose, optional template name and the recipient's details, checked with the
 * contract the server uses. The fee is quoted while the client types and shown again on the
 * review before anything is sent. A date after today schedules the transfer; Repeat makes it a
 * standing order.
 */
export function BankTransferForm() {
  const { t } = useTranslation('transfers');
  const accounts = useAppSelector((state) => state.user.accountsList);
  const form = useTransferForm<BankTransferValues>('bank', EMPTY);
  const { values, change, errors } = form;
  const [review, setReview] = useState<InternationalTransferPayload | null>(null);
  const closeReview = useCallback(() => setReview(null), []);
  const from = accounts.find((account) => account.number === values.fromAccount);
  const currency = accountCurrency(from);
  const fee = useTransferFee(values.amount, currency);
  const field = bindField({ values, change, errors });
  const text = (name: keyof BankTransferValues, options: { required?: boolean; type?: string; autoComplete?: string; hint?: string; inputMode?: 'decimal' | 'email' | 'tel' } = {}) => (
    <InputField
      label={t(`bank.fields.${name}`)}
      {...field(name)}
      required={options.required}
      type={options.type ?? 'text'}
      inputMode={options.inputMode}
      autoComplete={options.autoComplete ?? 'off'}
      hint={options.hint}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.sending) return;
    const payload = toPayload(values);
    const found = repeats(values)
      ? standingOrderFieldErrors(orderOf(payload, values), values.amount, currency)
      : transferFieldErrors(internationalTransferSchema, payload, values.amount, currency);
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      focusFirstError(event.currentTarget);
      return;
    }
    setReview(payload);
  };

  return (
    <form className="transfer-form" noValidate aria-labelledby="bank-transfer-title" onSubmit={submit}>
      <h2 id="bank-transfer-title" className="visually-hidden">
        {t('tabs.bank')}
      </h2>
      <p className="transfer-form__lead">{t('bank.lead')}</p>
      <fieldset className="transfer-form__section">
        <legend>{t('bank.sections.payment')}</legend>
        <div className="field-row">
          <SelectField
            label={t('bank.fields.paymentRegions')}
            {...field('paymentRegions')}
            required
            placeholder={t('bank.choose.region')}
            options={PAYMENT_REGIONS.map((region) => ({ value: region, label: t(`bank.regions.${region}`) }))}
          />
          <AccountSelect
            label={t('bank.fields.fromAccount')}
            {...field('fromAccount')}
            accounts={accounts}
          />
        </div>
        <div className="field-row">
          <div>
            {text('amount', { required: true, inputMode: 'decimal', hint: currency ? t('bank.hints.amountIn', { currency }) : t('bank.hints.amount') })}
            <FeeLine fee={fee} />
          </div>
          {repeats(values) ? null : <DateField label={t('bank.fields.paymentDate')} {...field('paymentDate')} hint={t('bank.hints.paymentDate')} />}
        </div>
        <div className="field-row">
          {text('purpose')}
          {text('reference')}
        </div>
        <div className="field-row">{text('templateName', { hint: t('hints.templateName') })}</div>
      </fieldset>
      <fieldset className="transfer-form__section">
        <legend>{t('bank.sections.recipient')}</legend>
        <div className="field-row">
          <SelectField
            label={t('bank.fields.recipientType')}
            {...field('recipientType')}
            placeholder={t('bank.choose.recipientType')}
            options={RECIPIENT_TYPES.map((type) => ({ value: type, label: t(`bank.recipientTypes.${type}`) }))}
          />
          {text('fullName', { required: true })}
        </div>
        <div className="field-row">
          {text('recipientsAddress', { required: true })}
          <CountrySelect
            label={t('bank.fields.country')}
            {...field('country')}
            placeholder={t('bank.choose.country')}
          />
        </div>
        <div className="field-row">
          {text('recipientsEmail', { required: true, type: 'email', inputMode: 'email' })}
          {text('phoneNumber', { type: 'tel', inputMode: 'tel', hint: t('bank.hints.phoneNumber') })}
        </div>
      </fieldset>
      <fieldset className="transfer-form__section">
        <legend>{t('bank.sections.bank')}</legend>
        <p className="transfer-form__note" id="iban-or-account">
          {t('bank.hints.ibanOrAccount')}
        </p>
        <div className="field-row">
          {text('recipientsIban', { required: !values.recipientsAccountNumber })}
          {text('recipientsAccountNumber', { required: !values.recipientsIban })}
        </div>
        <div className="field-row">
          {text('recipientsSwiftBic', { required: true, hint: t('bank.hints.swift') })}
          {text('recipientsBank', { required: true })}
        </div>
        <div className="field-row">
          {text('recipientsBankAddress', { required: true })}
          <CountrySelect
            label={t('bank.fields.recipientsBankCountry')}
            {...field('recipientsBankCountry')}
            required
            placeholder={t('bank.choose.country')}
          />
        </div>
      </fieldset>
      <RepeatFields values={values} errors={errors} change={change} />
      <div className="transfer-form__actions form-actions">
        <button type="submit" className="button" disabled={form.sending}>
          {t('bank.continue')}
        </button>
      </div>
      {review && currency ? (
        <BankTransferReview
          payload={review}
          currency={currency}
          sending={form.sending}
          repeat={repeats(values) ? repeatSummary(values, t) : undefined}
          onBack={closeReview}
          onConfirm={async () => {
            await (repeats(values) ? form.sendOrder(orderOf(review, values)) : form.send(review));
            setReview(null);
          }}
        />
      ) : null}
      {form.result ? <TransferResultModal result={form.result} onClose={form.dismissResult} /> : null}
    </form>
  );
}
