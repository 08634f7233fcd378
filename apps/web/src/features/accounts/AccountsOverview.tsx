import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadChunk } from '../../app/lazy';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { heldAmount, loadAccounts } from './accountsApi';
import { OpenAccountForm } from './OpenAccountForm';

/** The balance charts are a chunk of their own, fetched once the overview has accounts to draw. */
const BalanceCharts = lazy(() => loadChunk(() => import('./charts/BalanceCharts')));

/** SPEC §2 overview: every account with its number, balance and currency, and opening a new one. */
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
          <div className="accounts-error" role="alert">
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
              <li key={account.key} className="account-item">
                <span className="account-item__currency" aria-hidden="true">
                  {account.currency}
                </span>
                <dl className="account-item__facts">
                  <div>
                    <dt>{t('list.number')}</dt>
                    <dd className="account-item__number">{formatAccountNumber(account.number)}</dd>
                  </div>
                  <div>
                    <dt>{t('list.currency')}</dt>
                    <dd>{t(`currencies.${account.currency}`, { defaultValue: account.currency })}</dd>
                  </div>
                  <div className="account-item__balance">
                    <dt>{t('list.balance')}</dt>
                    <dd>{formatMoney(account.balance, account.currency, language)}</dd>
                  </div>
                  {heldAmount(account) ? (
                    <div>
                      <dt>{t('list.held')}</dt>
                      <dd>{formatMoney(heldAmount(account)!, account.currency, language)}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
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
