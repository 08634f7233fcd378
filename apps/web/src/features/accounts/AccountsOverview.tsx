import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadChunk } from '../../app/lazy';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { AccountCard, AccountFact } from './AccountCard';
import { heldAmount, loadAccounts } from './accountsApi';
import { OpenAccountForm } from './OpenAccountForm';

/** The balance charts are a chunk of their own, fetched once the overview has accounts to draw. */
const BalanceCharts = lazy(() => loadChunk(() => import('./charts/BalanceCharts')));

/** Overview (docs/product.md#screens-and-routes): every account with its number, balance and currency, and opening a new one. */
export function AccountsOverview() {
  const { t, i18n } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const accounts = useAppSelector((state) => state.user.accountsList);
  const isLoading = useAppSelector((state) => state.user.isLoading);
  const error = useAppSelector((state) => state.user.error);
  const language = i18n.resolvedLanguage ?? 'en';

  useEffect(() => {
    void dispatch(loadAccounts());
  }, [dispatch]);

  return (
    <div className="accounts-overview">
      <section className="cabinet-card" aria-labelledby="accounts-list-title" aria-busy={isLoading}>
        <h2 id="accounts-list-title">{t('list.title')}</h2>
        {error !== null && !isLoading ? (
          <div className="accounts-error row-spread" role="alert">
            <p>
              <strong>{t('list.loadError')}</strong>
              {': '}
              {error || t('list.noAnswer')}
            </p>
            <button type="button" className="button button--secondary" onClick={() => void dispatch(loadAccounts())}>
              {t('list.retry')}
            </button>
          </div>
        ) : null}
        {isLoading && accounts.length === 0 ? (
          <p className="accounts-status" role="status">
            {t('list.loading')}
          </p>
        ) : null}
        {!isLoading && error === null && accounts.length === 0 ? <p className="accounts-status">{t('list.empty')}</p> : null}
        {accounts.length > 0 ? (
          <ul className="account-list">
            {accounts.map((account) => (
              <AccountCard key={account.key} currency={account.currency}>
                <AccountFact term={t('list.number')} valueClassName="account-item__number">
                  {formatAccountNumber(account.number)}
                </AccountFact>
                <AccountFact term={t('list.currency')}>{t(`currencies.${account.currency}`, { defaultValue: account.currency })}</AccountFact>
                <AccountFact term={t('list.balance')} className="account-item__balance">
                  {formatMoney(account.balance, account.currency, language)}
                </AccountFact>
                {heldAmount(account) ? <AccountFact term={t('list.held')}>{formatMoney(heldAmount(account)!, account.currency, language)}</AccountFact> : null}
              </AccountCard>
            ))}
          </ul>
        ) : null}
      </section>
      {accounts.length > 0 ? (
        <Suspense
          fallback={
            <p className="accounts-status" role="status">
              {t('charts.loading')}
            </p>
          }
        >
          <BalanceCharts />
        </Suspense>
      ) : null}
      {/* Shown with the list, not below its loading line: the list arriving would push it down the screen. */}
      {isLoading && accounts.length === 0 ? null : <OpenAccountForm openCurrencies={accounts.map((account) => account.currency)} />}
    </div>
  );
}
