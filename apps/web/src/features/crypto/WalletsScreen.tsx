import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Screen } from '../../ui/Screen';
import { CreateWalletForm } from './CreateWalletForm';
import { WalletItem } from './WalletItem';
import { loadWallets } from './walletsApi';
import './crypto.css';

/**
 * Crypto wallets screen (docs/product.md#screens-and-routes): the client's wallets with number (the deposit address), balance
 * and currency, creating a wallet in a chosen coin, and the other coins available from the manager.
 */
export function WalletsScreen() {
  const { t } = useTranslation('crypto');
  const dispatch = useAppDispatch();
  const wallets = useAppSelector((state) => state.user.walletsList);
  const isLoading = useAppSelector((state) => state.user.isLoading);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const outcome = await dispatch(loadWallets());
    setFailed(!outcome.ok);
  }, [dispatch]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Screen headingId="crypto-WalletsScreen-heading" title={t('wallets.title')} lead={t('wallets.lead')}>
      <section className="cabinet-card" aria-labelledby="wallets-list-title" aria-busy={isLoading}>
        <h2 id="wallets-list-title">{t('wallets.listTitle')}</h2>
        {failed && !isLoading ? (
          <div className="accounts-error row-spread" role="alert">
            <p>{t('wallets.loadError')}</p>
            <button type="button" className="button button--secondary" onClick={() => void load()}>
              {t('wallets.retry')}
            </button>
          </div>
        ) : null}
        {isLoading && wallets.length === 0 ? (
          <p className="accounts-status" role="status">
            {t('wallets.loading')}
          </p>
        ) : null}
        {!isLoading && !failed && wallets.length === 0 ? <p className="accounts-status">{t('wallets.empty')}</p> : null}
        {wallets.length > 0 ? (
          <ul className="account-list wallet-list">
            {wallets.map((wallet) => (
              <WalletItem key={wallet.key} wallet={wallet} />
            ))}
          </ul>
        ) : null}
        <p className="wallets-more">
          {t('wallets.moreCoins')} <Link to={paths.contact}>{t('wallets.contactManager')}</Link>
        </p>
      </section>
      <CreateWalletForm openCurrencies={wallets.map((wallet) => wallet.currency)} />
    </Screen>
  );
}

export default WalletsScreen;
