import { useTranslation } from 'react-i18next';
import type { AccountSummary } from '../auth';
import { SelectField, type FieldError } from '../../ui/FormField';
import { formatMoney } from '../../ui/formatMoney';
import { shortAddress } from './walletLabels';

/** A wallet as a choice in a select: its coin, its address in short and its available balance. */
export function useWalletOptionLabel(): (wallet: AccountSummary) => string {
  const { t, i18n } = useTranslation('crypto');
  const language = i18n.resolvedLanguage ?? 'en';
  return (wallet) =>
    t('wallet.option', { currency: wallet.currency, address: shortAddress(wallet.number), balance: formatMoney(wallet.balance, wallet.currency, language) });
}

/**
 * The client's wallets as a group of a select that also offers accounts (the exchange's sides).
 * Wallets shown but not choosable (the coin sold, as the side to buy) are marked disabled.
 */
export function WalletOptions({ wallets, isDisabled }: { wallets: readonly AccountSummary[]; isDisabled?: (wallet: AccountSummary) => boolean }) {
  const { t } = useTranslation('crypto');
  const label = useWalletOptionLabel();
  if (wallets.length === 0) return null;
  return (
    <optgroup label={t('wallet.group')}>
      {wallets.map((wallet) => (
        <option key={wallet.number} value={wallet.number} disabled={isDisabled?.(wallet) ?? false}>
          {label(wallet)}
        </option>
      ))}
    </optgroup>
  );
}

/** A select of the client's own wallets: the crypto transfer's wallet to pay from. */
export function WalletSelect({
  label,
  wallets,
  value,
  onValue,
  onBlur,
  error,
  name,
}: {
  label: string;
  wallets: readonly AccountSummary[];
  value: string;
  onValue: (number: string) => void;
  onBlur?: () => void;
  error?: FieldError;
  name: string;
}) {
  const { t } = useTranslation('crypto');
  const optionLabel = useWalletOptionLabel();
  return (
    <SelectField
      label={label}
      name={name}
      required
      value={value}
      onValue={onValue}
      onBlur={onBlur}
      placeholder={wallets.length === 0 ? t('wallet.none') : t('wallet.choose')}
      error={error}
      options={wallets.map((wallet) => ({ value: wallet.number, label: optionLabel(wallet) }))}
    />
  );
}
