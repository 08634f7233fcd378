import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../ui/FormField';
import { AccountSelect } from '../accounts';
import { amountStep } from './exchangeAmounts';
import { RateLine } from './RateLine';
import type { useExchange } from './useExchange';

/**
 * Step 0 (SPEC §2, §5): the account to sell from, the account to buy into, the amount to sell and
 * the amount to receive (numbers, min 0, a step of one cent), and the rate with 3 decimals.
 */
export function ExchangeForm({ exchange }: { exchange: ReturnType<typeof useExchange> }) {
  const { t } = useTranslation('exchange');
  const { accounts, amounts, errors, from, to } = exchange;
  const error = (field: keyof typeof errors) => errors[field];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exchange.canGoNext) exchange.next();
  };

  const accountSelect = (
    name: 'accNumberFrom' | 'accNumberTo',
    label: string,
    onValue: (number: string) => void,
    isDisabled?: (account: { currency: string }) => boolean,
  ) => <AccountSelect label={t(label)} name={name} accounts={accounts} value={exchange[name]} onValue={onValue} isDisabled={isDisabled} error={error(name)} />;

  const amountInput = (field: 'amount' | 'toAmount', currency: typeof from) => (
    <FieldFrame label={t(`form.${field}`)} required error={error(field)}>
      {({ id, describedBy, invalid }) => (
        <div className="amount-input">
          <input
            id={id}
            name={field}
            type="number"
            inputMode="decimal"
            min="0"
            step={currency ? amountStep(currency) : '0.01'}
            autoComplete="off"
            required
            value={amounts[field]}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onInput={(event) => exchange.editAmount(field, event.currentTarget.value)}
          />
          <span className="amount-input__currency" aria-hidden="true">
            {currency ?? ''}
          </span>
        </div>
      )}
    </FieldFrame>
  );

  return (
    <form className="exchange-form" noValidate onSubmit={submit}>
      <div className="field-row field-row--wide">
        {accountSelect('accNumberFrom', 'form.from', exchange.chooseFrom)}
        {/* An exchange buys another currency: the accounts in the currency sold cannot be chosen. */}
        {accountSelect('accNumberTo', 'form.to', exchange.chooseTo, (account) => from !== null && account.currency === from)}
      </div>
      <RateLine exchange={exchange} />
      <div className="field-row field-row--wide">
        {amountInput('amount', from)}
        {amountInput('toAmount', to)}
      </div>
      <div className="exchange-form__actions">
        <button type="submit" className="button" disabled={!exchange.canGoNext}>
          {t('form.next')}
        </button>
      </div>
    </form>
  );
}
