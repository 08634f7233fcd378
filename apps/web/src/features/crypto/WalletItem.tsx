import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSummary } from '../auth';
import { heldAmount } from '../accounts';
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
    <li className="account-item wallet-item">
      <span className="account-item__currency" aria-hidden="true">
        {wallet.currency}
      </span>
      <dl className="account-item__facts">
        <div>
          <dt>{t('wallets.coin')}</dt>
          <dd>{t('wallets.coinName', { name: t(`coins.${wallet.currency}`, { defaultValue: wallet.currency }), currency: wallet.currency })}</dd>
        </div>
        {coin ? (
          <div>
            <dt>{t('wallets.network')}</dt>
            <dd>{networkOf(coin).network}</dd>
          </div>
        ) : null}
        <div className="wallet-item__address">
          <dt>{t('wallets.address')}</dt>
          <dd>
            <span id={addressId} className="crypto-address account-item__number">
              {wallet.number}
            </span>
            <CopyAddressButton address={wallet.number} describedBy={addressId} />
          </dd>
        </div>
        <div className="account-item__balance">
          <dt>{t('wallets.balance')}</dt>
          <dd className="wallet-item__balance">{formatMoney(wallet.balance, wallet.currency, language)}</dd>
        </div>
        {held ? (
          <div>
            <dt>{t('wallets.held')}</dt>
            <dd className="wallet-item__balance">{formatMoney(held, wallet.currency, language)}</dd>
          </div>
        ) : null}
      </dl>
      <QrCode className="wallet-qr" value={wallet.number} size={QR_SIZE_PX} alt={t('wallets.qr', { currency: wallet.currency, address: wallet.number })} />
    </li>
  );
}
