import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSummary } from '../auth';
import { AccountCard, AccountFact, heldAmount } from '../accounts';
import { formatMoney } from '../../ui/formatMoney';
import { QrCode } from '../../ui/QrCode';
import { CopyAddressButton } from './CopyAddressButton';
import { networkOf } from './transferCosts';
import { walletCurrency } from './walletsApi';

/** Size of a wallet's QR code in CSS pixels: large enough for a phone camera across a desk. */
const QR_SIZE_PX = 160;

/**
 * One wallet, as an account card: its coin and network, the deposit address in full with a copy
 * button and its QR code, the available balance in the coin's full precision, and what is held
 * for transfers that wait for the bank.
 */
export function WalletItem({ wallet }: { wallet: AccountSummary }) {
  const { t, i18n } = useTranslation('crypto');
  const language = i18n.resolvedLanguage ?? 'en';
  const addressId = useId();
  const coin = walletCurrency(wallet);
  const held = heldAmount(wallet);
  return (
    <AccountCard
      currency={wallet.currency}
      className="wallet-item"
      after={<QrCode className="wallet-qr" value={wallet.number} size={QR_SIZE_PX} alt={t('wallets.qr', { currency: wallet.currency, address: wallet.number })} />}
    >
      <AccountFact term={t('wallets.coin')}>
        {t('wallets.coinName', { name: t(`coins.${wallet.currency}`, { defaultValue: wallet.currency }), currency: wallet.currency })}
      </AccountFact>
      {coin ? <AccountFact term={t('wallets.network')}>{networkOf(coin).network}</AccountFact> : null}
      <AccountFact term={t('wallets.address')} className="wallet-item__address">
        <span id={addressId} className="crypto-address account-item__number">
          {wallet.number}
        </span>
        <CopyAddressButton address={wallet.number} describedBy={addressId} />
      </AccountFact>
      <AccountFact term={t('wallets.balance')} className="account-item__balance" valueClassName="wallet-item__balance">
        {formatMoney(wallet.balance, wallet.currency, language)}
      </AccountFact>
      {held ? (
        <AccountFact term={t('wallets.held')} valueClassName="wallet-item__balance">
          {formatMoney(held, wallet.currency, language)}
        </AccountFact>
      ) : null}
    </AccountCard>
  );
}
