import { SERVICE_FEES } from '@bank/contracts/tariffs';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../ui/FormField';
import { formatPercent, percentDigits } from '../../ui/formatMoney';
import { AccountSelect } from '../accounts';
import { WalletOptions } from '../crypto';
import { amountStep } from './exchangeAmounts';
import { RateLine } from './RateLine';
import type { useExchange } from './useExchange';

/**
 * Step 0 (docs/product.md): the account to sell from, the account to buy into, the amount to sell and
 * the amount to receive (numbers, min 0, a step of one minor unit of the currency: a cent, or a
 * satoshi), and the rate with 3 decimals. A client with crypto wallets may choose them on either
 * side too: that is a crypto conversion (docs/product.md#tariffs-and-limits), and the form says on what terms.
 */
export function ExchangeForm({ exchange }: { exchange: ReturnType<typeof useExchange> }) {
  const { t, i18n } = useTranslation('exchange');
  const language = i18n.resolvedLanguage ?? 'en';
  const { accounts, wallets, amounts, errors, from, to } = exchange;
  const error = (field: keyof typeof errors) => errors[field];
  // Labels name wallets only for clients who have some; the fiat exchange reads as it always has.
  const withWallets = wallets.length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exchange.canGoNext) exchange.next();
  };

  const accountSelect = (
    name: 'accNumberFrom' | 'accNumberTo',
    label: string,
    onValue: (number: string) => void,
    isDisabled?: (account: { currency: string }) => boolean,
  ) => (
    <AccountSelect
      label={t(withWallets ? `${label}WithWallets` : label)}
      name={name}
      accounts={accounts}
      value={exchange[name]}
      onValue={onValue}
      isDisabled={isDisabled}
      error={error(name)}
      placeholder={withWallets ? t('form.chooseAccountOrWallet') : undefined}
    >
      {withWallets ? <WalletOptions wallets={wallets} isDisabled={isDisabled} /> : null}
    </AccountSelect>
  );

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
      {exchange.cryptoConversion ? (
        <p className="exchange-form__conversion-note">
          {t('form.conversionNote', {
            percent: formatPercent(SERVICE_FEES.cryptoConversionMaxBasisPoints, language, percentDigits(SERVICE_FEES.cryptoConversionMaxBasisPoints)),
          })}
        </p>
      ) : null}
      <div className="field-row field-row--wide">
        {amountInput('amount', from)}
        {amountInput('toAmount', to)}
      </div>
      <div className="exchange-form__actions form-actions">
        <button type="submit" className="button" disabled={!exchange.canGoNext}>
          {t('form.next')}
        </button>
      </div>
    </form>
  );
}
