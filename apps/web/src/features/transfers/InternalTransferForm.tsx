import { internalTransferSchema, type InternalTransferPayload } from '@bank/contracts/transfers/create-internal-transfer';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { AccountSelect } from '../accounts/AccountSelect';
import { accountCurrency } from '../accounts/accountsApi';
import { InputField, SelectField } from '../../ui/FormField';
import { compactAccountNumber, focusFirstError, transferFieldErrors } from './formErrors';
import { TransferResultModal } from './TransferResultModal';
import { useTransferForm } from './useTransferForm';

/** Ways an internal transfer reaches its recipient (SPEC §2: to a savings-cash-desk account). */
const PAYMENT_METHODS = ['bankAccount', 'cashDesk'] as const;

const EMPTY = {
  accNumberFrom: '',
  fullName: '',
  accNumberTo: '',
  email: '',
  transferDate: '',
  amount: '',
  reference: '',
  templateName: '',
  paymentMethod: 'bankAccount',
};
type InternalValues = typeof EMPTY;

/**
 * SPEC §2/§3/§5 internal transfer: to another account of the bank in the account's currency, free
 * and at once. The recipient's account number and the amount are required, the e-mail optional.
 */
export function InternalTransferForm() {
  const { t } = useTranslation('transfers');
  const accounts = useAppSelector((state) => state.user.accountsList);
  const form = useTransferForm<InternalValues>('internal', EMPTY);
  const { values, change, errors } = form;
  const from = accounts.find((account) => account.number === values.accNumberFrom);
  const currency = accountCurrency(from);
  const error = (field: keyof InternalValues | 'transferCurrency') => (errors[field] ? t(errors[field]) : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.sending) return;
    const payload: InternalTransferPayload = {
      type: 'internal',
      accNumberFrom: values.accNumberFrom,
      fullName: values.fullName,
      accNumberTo: compactAccountNumber(values.accNumberTo),
      email: values.email,
      transferDate: values.transferDate,
      amount: values.amount,
      transferCurrency: currency ?? undefined,
      reference: values.reference,
      templateName: values.templateName,
      paymentMethod: values.paymentMethod,
    };
    const found = transferFieldErrors(internalTransferSchema, payload, values.amount, currency);
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      focusFirstError(event.currentTarget);
      return;
    }
    await form.send(payload);
  };

  return (
    <form className="transfer-form" noValidate aria-labelledby="internal-transfer-title" onSubmit={(event) => void submit(event)}>
      <h2 id="internal-transfer-title" className="visually-hidden">
        {t('tabs.internal')}
      </h2>
      <p className="transfer-form__lead">{t('internal.lead')}</p>
      <fieldset className="transfer-form__section">
        <legend>{t('internal.sections.from')}</legend>
        <div className="field-row">
          <AccountSelect
            label={t('internal.fields.accNumberFrom')}
            name="accNumberFrom"
            accounts={accounts}
            value={values.accNumberFrom}
            onValue={(value) => change('accNumberFrom', value)}
            error={error('accNumberFrom')}
          />
          <InputField
            label={t('internal.fields.transferCurrency')}
            name="transferCurrency"
            value={currency ?? ''}
            onValue={() => undefined}
            readOnly
            placeholder={t('internal.currencyFromAccount')}
            error={error('transferCurrency')}
          />
        </div>
        <div className="field-row">
          <InputField
            label={t('internal.fields.amount')}
            name="amount"
            required
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onValue={(value) => change('amount', value)}
            hint={t('internal.hints.free')}
            error={error('amount')}
          />
          <InputField
            label={t('internal.fields.transferDate')}
            name="transferDate"
            type="date"
            value={values.transferDate}
            onValue={(value) => change('transferDate', value)}
            hint={t('internal.hints.transferDate')}
            error={error('transferDate')}
          />
        </div>
      </fieldset>
      <fieldset className="transfer-form__section">
        <legend>{t('internal.sections.to')}</legend>
        <div className="field-row">
          <InputField
            label={t('internal.fields.accNumberTo')}
            name="accNumberTo"
            required
            inputMode="numeric"
            autoComplete="off"
            value={values.accNumberTo}
            onValue={(value) => change('accNumberTo', value)}
            hint={t('internal.hints.accNumberTo')}
            error={error('accNumberTo')}
          />
          <InputField
            label={t('internal.fields.fullName')}
            name="fullName"
            autoComplete="off"
            value={values.fullName}
            onValue={(value) => change('fullName', value)}
            error={error('fullName')}
          />
        </div>
        <div className="field-row">
          <InputField
            label={t('internal.fields.email')}
            name="email"
            type="email"
            autoComplete="off"
            value={values.email}
            onValue={(value) => change('email', value)}
            hint={t('internal.hints.email')}
            error={error('email')}
          />
          <SelectField
            label={t('internal.fields.paymentMethod')}
            name="paymentMethod"
            value={values.paymentMethod}
            onValue={(value) => change('paymentMethod', value)}
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`internal.methods.${method}`) }))}
            error={error('paymentMethod')}
          />
        </div>
        <div className="field-row">
          <InputField
            label={t('internal.fields.reference')}
            name="reference"
            autoComplete="off"
            value={values.reference}
            onValue={(value) => change('reference', value)}
            error={error('reference')}
          />
          <InputField
            label={t('internal.fields.templateName')}
            name="templateName"
            autoComplete="off"
            value={values.templateName}
            onValue={(value) => change('templateName', value)}
            hint={t('hints.templateName')}
            error={error('templateName')}
          />
        </div>
      </fieldset>
      <div className="transfer-form__actions">
        <button type="submit" className="button" disabled={form.sending}>
          {form.sending ? t('sending') : t('internal.submit')}
        </button>
      </div>
      {form.result ? <TransferResultModal result={form.result} onClose={form.dismissResult} /> : null}
    </form>
  );
}

