import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceHistoryResponse, BalanceHistorySpan } from '@bank/contracts/statement/balance-history';
import { BALANCE_HISTORY_SPANS } from '@bank/contracts/statement/balance-history-options';
import { FIAT_CURRENCIES, isCurrency, type FiatCurrency } from '@bank/contracts/money';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ApiError } from '../../../lib/api';
import { formatBankDate } from '../../../ui/formatBankDate';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { selectToken } from '../accountsApi';
import { baseCurrencyChosen, selectBaseCurrency } from '../balanceChartsSlice';
import { AreaChart } from './AreaChart';
import { readBalanceHistory } from './balanceHistoryApi';
import './charts.css';

type Status = 'loading' | 'ready' | 'failed';

/**
 * The overview's charts (their own chunk, loaded once the overview shows accounts): the total of
 * every account in a base currency of the client's choice, and each account's booked balance, over
 * the last 30 or 90 days. They are read again when a balance in the list changes, so a transfer
 * just made shows on today's point.
 */
export default function BalanceCharts() {
  const { t, i18n } = useTranslation('accounts');
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const base = useAppSelector(selectBaseCurrency);
  const balancesKey = useAppSelector((state) => state.user.accountsList.map((account) => `${account.number}:${account.balance}`).join('|'));
  const [span, setSpan] = useState<BalanceHistorySpan>(30);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  const [history, setHistory] = useState<BalanceHistoryResponse | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    setStatus('loading');
    readBalanceHistory(token, span, base, controller.signal).then(
      (answer) => {
        setHistory(answer);
        setStatus('ready');
      },
      (error: unknown) => {
        // An aborted read was replaced by a newer one; a refused token is the session-expired modal's.
        if (controller.signal.aborted || (error instanceof ApiError && error.isInvalidAuthorization)) return;
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [token, span, base, attempt, balancesKey]);

  const lastDay = history?.days[history.days.length - 1];
  return (
    <section className="cabinet-card balance-charts" aria-labelledby="balance-charts-title" aria-busy={status === 'loading'}>
      <h2 id="balance-charts-title">{t('charts.title')}</h2>
      <p className="accounts-hint">{t('charts.lead')}</p>
      <div className="balance-charts__controls">
        <div className="balance-charts__span" role="group" aria-label={t('charts.span.label')}>
          {BALANCE_HISTORY_SPANS.map((days) => (
            <button key={days} type="button" className="balance-charts__span-option" aria-pressed={span === days} onClick={() => setSpan(days)}>
              {t(`charts.span.${days}`)}
            </button>
          ))}
        </div>
        <div className="field balance-charts__base">
          <label htmlFor="balance-charts-base">{t('charts.base.label')}</label>
          <select
            id="balance-charts-base"
            value={base}
            onChange={(event) => {
              if (isCurrency(event.target.value)) dispatch(baseCurrencyChosen(event.target.value as FiatCurrency));
            }}
          >
            {FIAT_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {`${currency} · ${t(`currencies.${currency}`, { defaultValue: currency })}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      {status === 'failed' ? (
        <div className="accounts-error row-spread" role="alert">
          <p>{t('charts.loadError')}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt(attempt + 1)}>
            {t('list.retry')}
          </button>
        </div>
      ) : null}
      {status === 'loading' && !history ? (
        <p className="accounts-status" role="status">
          {t('charts.loading')}
        </p>
      ) : null}
      {history && lastDay ? (
        <>
          <div className="balance-charts__total">
            <h3 className="balance-charts__heading">{t('charts.total.title', { currency: history.base })}</h3>
            <p className="balance-charts__figure">
              <span className="balance-charts__figure-label">{t('charts.total.on', { day: formatBankDate(lastDay) })}</span>{' '}
              <strong data-testid="balance-total">{formatMoney(history.totals[history.totals.length - 1]!, history.base, language)}</strong>
            </p>
            <AreaChart title={t('charts.total.title', { currency: history.base })} days={history.days} values={history.totals} currency={history.base} size="large" />
            <p className="balance-charts__note">{t('charts.total.note')}</p>
          </div>
          <ul className="balance-charts__accounts">
            {history.accounts.map((account) => {
              const title = t('charts.account', {
                currency: t(`currencies.${account.currency}`, { defaultValue: account.currency }),
                number: formatAccountNumber(account.accountNumber),
              });
              return (
                <li key={account.accountNumber} className="balance-charts__account">
                  <h3 className="balance-charts__heading">{title}</h3>
                  <p className="balance-charts__last">{formatMoney(account.balances[account.balances.length - 1]!, account.currency, language)}</p>
                  <AreaChart title={title} days={history.days} values={account.balances} currency={account.currency} size="small" />
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
