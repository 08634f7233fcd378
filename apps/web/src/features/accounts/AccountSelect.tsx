import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSummary } from '../auth';
import { SelectField, type FieldError } from '../../ui/FormField';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';

/**
 * A select of the client's own accounts, each shown with its number, currency and available
 * balance; the transfer and exchange forms choose the account to pay from with it. Other choices
 * (the exchange's crypto wallets) may follow the accounts as `children`, a group of options.
 */
export function AccountSelect({
  label,
  accounts,
  value,
  onValue,
  error,
  name,
  required = true,
  isDisabled,
  placeholder,
  children,
}: {
  label: string;
  accounts: readonly AccountSummary[];
  value: string;
  onValue: (number: string) => void;
  error?: FieldError;
  name: string;
  required?: boolean;
  /** Accounts shown but not choosable (e.g. the account sold from, as the account to buy into). */
  isDisabled?: (account: AccountSummary) => boolean;
  /** The empty first choice, when "Choose an account" does not say it (accounts and wallets). */
  placeholder?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('accounts');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <SelectField
      label={label}
      name={name}
      required={required}
      value={value}
      onValue={onValue}
      placeholder={placeholder ?? (accounts.length === 0 ? t('account.none') : t('account.choose'))}
      error={error}
      options={accounts.map((account) => ({
        value: account.number,
        label: t('account.option', {
          number: formatAccountNumber(account.number),
          balance: formatMoney(account.balance, account.currency, language),
        }),
        disabled: isDisabled?.(account) ?? false,
      }))}
    >
      {children}
    </SelectField>
  );
}
