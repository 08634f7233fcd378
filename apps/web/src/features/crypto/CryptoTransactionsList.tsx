import { CRYPTO_PAGE_SIZE, CRYPTO_STATUSES, type CryptoTransaction } from '@bank/contracts/crypto/crypto-transactions';
import { STATEMENT_PERIODS } from '@bank/contracts/statement/periods';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SelectField } from '../../ui/FormField';
import { formatAmount } from '../../ui/formatMoney';
import { formatRowDate, RowsLoadFailed, SignedAmount, StatementRows } from '../statement';
import { cryptoFiltersChanged, cryptoFiltersReset, selectCryptoFilters } from './cryptoTransactionsSlice';
import { pageCount } from './pageCursors';
import type { CryptoTransactionsView } from './useCryptoTransactions';
import { useWalletOptionLabel } from './WalletSelect';

/** How each status is coloured: waiting for the bank, done, refused. */
const STATUS_TONES: Record<CryptoTransaction['status'], 'pending' | 'success' | 'danger'> = { New: 'pending', Approved: 'success', Denied: 'danger' };

/** docs/product.md#states: New is shown as Pending. */
function CryptoStatus({ row }: { row: CryptoTransaction }) {
  const { t } = useTranslation('crypto');
  return <span className={`status-badge status-badge--${STATUS_TONES[row.status]}`}>{t(`statuses.${row.status}`)}</span>;
}

function Reason({ row }: { row: CryptoTransaction }) {
  const { t } = useTranslation('crypto');
  return row.statusReason ? <span className="crypto-reason">{t('list.reason', { reason: row.statusReason })}</span> : null;
}

/** The filters of the crypto list: wallet, status and the statement's period presets. Each change goes back to page 1. */
function CryptoFilters() {
  const { t } = useTranslation(['crypto', 'statement']);
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectCryptoFilters);
  const wallets = useAppSelector((state) => state.user.walletsList);
  const walletLabel = useWalletOptionLabel();
  return (
    <form className="statement-filters-panel statement-filters" aria-label={t('list.filters')} onSubmit={(event) => event.preventDefault()}>
      <div className="crypto-transactions__filters">
        <SelectField
          label={t('list.wallet')}
          value={filters.accountNumber}
          onValue={(accountNumber) => dispatch(cryptoFiltersChanged({ accountNumber }))}
          placeholder={t('list.allWallets')}
          options={wallets.map((wallet) => ({ value: wallet.number, label: walletLabel(wallet) }))}
        />
        <SelectField
          label={t('list.status')}
          value={filters.status || ''}
          onValue={(status) => dispatch(cryptoFiltersChanged({ status }))}
          placeholder={t('list.anyStatus')}
          options={CRYPTO_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
        <SelectField
          label={t('statement:filters.period')}
          value={filters.period}
          onValue={(period) => dispatch(cryptoFiltersChanged({ period }))}
          placeholder={t('statement:filters.anyPeriod')}
          options={STATEMENT_PERIODS.map((period) => ({ value: period, label: t(`statement:periods.${period}`) }))}
        />
        <div className="field">
          <button type="button" className="button button--secondary statement-filters__reset" onClick={() => dispatch(cryptoFiltersReset())}>
            {t('statement:filters.reset')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Previous and next page, with "page N of M" (docs/product.md#screens-and-routes: 8 a page). */
function CryptoPager({ view }: { view: CryptoTransactionsView }) {
  const { t } = useTranslation(['crypto', 'statement']);
  const busy = view.status === 'loading';
  return (
    <nav className="statement-pages row-spread" aria-label={t('list.pages')}>
      <p className="statement-pages__where" aria-live="polite">
        {t('statement:pages.pageOf', { page: view.page, total: pageCount(view.total, CRYPTO_PAGE_SIZE) })}
      </p>
      <ul>
        <li>
          <button type="button" className="statement-pages__button" disabled={busy || view.page === 1} onClick={view.previous} aria-label={t('statement:pages.previous')}>
            ‹
          </button>
        </li>
        <li>
          <button type="button" className="statement-pages__button" disabled={busy || !view.hasNext} onClick={view.next} aria-label={t('statement:pages.next')}>
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Crypto transactions (docs/product.md#screens-and-routes): number or recipient, amount, fee, currency, status (with the bank's
 * reason for a denial) and date, 8 a page. A table in its own frame on wide screens, one card per
 * row on phones, as the statement shows its rows.
 */
export function CryptoTransactionsList({ view }: { view: CryptoTransactionsView }) {
  const { t, i18n } = useTranslation('crypto');
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const rows = view.rows;
  const direction = (row: CryptoTransaction) => t(row.direction === 'IN' ? 'list.from' : 'list.to');
  return (
    <section className="cabinet-card crypto-transactions" aria-labelledby={headingId} aria-busy={view.status === 'loading'}>
      <h2 id={headingId}>{t('list.title')}</h2>
      <CryptoFilters />
      {view.status === 'failed' ? <RowsLoadFailed message={t('list.loadFailed')} retryLabel={t('list.retry')} onRetry={view.retry} /> : null}
      {view.status === 'loading' && rows.length === 0 ? (
        <p className="statement__empty" role="status">
          {t('list.loading')}
        </p>
      ) : null}
      {view.status === 'ready' && rows.length === 0 ? <p className="statement__empty">{t('list.empty')}</p> : null}
      {rows.length > 0 ? (
        <>
          <StatementRows
            rows={rows}
            caption={t('list.caption')}
            language={language}
            rowKey={(row) => `${row.transactionNumber}-${row.direction}`}
            columns={
              <>
                <th scope="col">{t('list.columns.date')}</th>
                <th scope="col">{t('list.columns.number')}</th>
                <th scope="col">{t('list.columns.kind')}</th>
                <th scope="col">{t('list.columns.counterparty')}</th>
                <th scope="col" className="statement-table__number">{t('list.columns.amount')}</th>
                <th scope="col" className="statement-table__number">{t('list.columns.fee')}</th>
                <th scope="col">{t('list.columns.currency')}</th>
                <th scope="col">{t('list.columns.status')}</th>
              </>
            }
            cells={(row) => (
              <>
                <td className="statement-table__date">{formatRowDate(row.created)}</td>
                <td>{row.transactionNumber}</td>
                <td>{t(`kinds.${row.kind}`)}</td>
                <td>
                  <span className="statement-party__name">{direction(row)}</span>
                  <span className="crypto-address">{row.counterparty}</span>
                </td>
                <td className="statement-table__number">
                  <SignedAmount row={row} language={language} />
                </td>
                <td className="statement-table__number">{formatAmount(row.fee, language)}</td>
                <td>{row.currency}</td>
                <td>
                  <CryptoStatus row={row} />
                  <Reason row={row} />
                </td>
              </>
            )}
            facts={(row) => (
              <>
                <dt>{t('list.columns.status')}</dt>
                <dd>
                  <CryptoStatus row={row} />
                  <Reason row={row} />
                </dd>
                <dt>{t('list.columns.number')}</dt>
                <dd>{row.transactionNumber}</dd>
                <dt>{t('list.columns.kind')}</dt>
                <dd>{t(`kinds.${row.kind}`)}</dd>
                <dt>{direction(row)}</dt>
                <dd className="crypto-address">{row.counterparty}</dd>
                <dt>{t('list.columns.fee')}</dt>
                <dd>{formatAmount(row.fee, language)}</dd>
              </>
            )}
          />
          <CryptoPager view={view} />
        </>
      ) : null}
    </section>
  );
}
