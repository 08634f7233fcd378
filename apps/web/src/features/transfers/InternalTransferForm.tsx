import { internalTransferSchema, type InternalTransferPayload } from '@bank/contracts/transfers/create-internal-transfer';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { AccountSelect } from '../accounts';
import { accountCurrency } from '../accounts';
import { DateField } from '../../ui/DateField';
import { AmountField, bindField, DigitsField, focusFirstError, InputField, SelectField, ShownField } from '../../ui/FormField';
import { compactAccountNumber, transferFieldErrors } from './formErrors';
import { RepeatFields } from './RepeatFields';
import { REPEAT_EMPTY, repeats, standingOrderFieldErrors, standingOrderPayload } from './repeat';
import { TransferResultModal } from './TransferResultModal';
import { useTransferForm } from './useTransferForm';

/** Ways an internal transfer reaches its recipient (docs/product.md#screens-and-routes: to a savings-cash-desk account). */
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
  ...REPEAT_EMPTY,
};
type InternalValues = typeof EMPTY;

/**
 * Internal transfer (docs/product.md): to another account of the bank in the account's currency, free
 * and at once, or on a later date (Scheduled), or repeated as a standing order. The recipient's
 * account number and the amount are required, the e-mail optional.
 */
export function InternalTransferForm() {
  const { t } = useTranslation('transfers');
  const accounts = useAppSelector((state) => state.user.accountsList);
  const form = useTransferForm<InternalValues>('internal', EMPTY);
  const { values, change, errors } = form;
  const from = accounts.find((account) => account.number === values.accNumberFrom);
  const currency = accountCurrency(from);

  const field = bindField({ values, change, errors });

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
    const { transferDate: _ownDate, ...repeated } = payload;
    const order = repeats(values) ? standingOrderPayload(repeated, values) : null;
    const found = order ? standingOrderFieldErrors(order, values.amount, currency) : transferFieldErrors(internalTransferSchema, payload, values.amount, currency);
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      focusFirstError(event.currentTarget);
      return;
    }
    await (order ? form.sendOrder(order) : form.send(payload));
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
            {...field('accNumberFrom')}
            accounts={accounts}
          />
          <ShownField
            label={t('internal.fields.transferCurrency')}
            name="transferCurrency"
            value={currency ?? ''}
            placeholder={t('internal.currencyFromAccount')}
            error={errors.transferCurrency}
          />
        </div>
        <div className="field-row">
          <AmountField label={t('internal.fields.amount')} {...field('amount')} hint={t('internal.hints.free')} />
          {repeats(values) ? null : (
            <DateField label={t('internal.fields.transferDate')} {...field('transferDate')} hint={t('internal.hints.transferDate')} />
          )}
        </div>
      </fieldset>
      <fieldset className="transfer-form__section">
        <legend>{t('internal.sections.to')}</legend>
        <div className="field-row">
          <DigitsField label={t('internal.fields.accNumberTo')} {...field('accNumberTo')} required hint={t('internal.hints.accNumberTo')} />
          <InputField
            label={t('internal.fields.fullName')}
            {...field('fullName')}
            autoComplete="off"
          />
        </div>
        <div className="field-row">
          <InputField
            label={t('internal.fields.email')}
            {...field('email')}
            type="email"
            autoComplete="off"
            hint={t('internal.hints.email')}
          />
          <SelectField
            label={t('internal.fields.paymentMethod')}
            {...field('paymentMethod')}
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`internal.methods.${method}`) }))}
          />
        </div>
        <div className="field-row">
          <InputField
            label={t('internal.fields.reference')}
            {...field('reference')}
            autoComplete="off"
          />
          <InputField
            label={t('internal.fields.templateName')}
            {...field('templateName')}
            autoComplete="off"
            hint={t('hints.templateName')}
          />
        </div>
      </fieldset>
      <RepeatFields values={values} errors={errors} change={change} />
      <div className="transfer-form__actions form-actions">
        <button type="submit" className="button" disabled={form.sending}>
          {form.sending ? t('sending') : t(repeats(values) ? 'repeat.submit' : 'internal.submit')}
        </button>
      </div>
      {form.result ? <TransferResultModal result={form.result} onClose={form.dismissResult} /> : null}
    </form>
  );
}

