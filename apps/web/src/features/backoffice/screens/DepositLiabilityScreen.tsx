import type { DepositLiabilityResponse, DepositLiabilityRow, DepositLiabilityTotal } from '@bank/contracts/backoffice/deposits';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isBankDateValue } from '../../../ui/bankDateText';
import { DateField } from '../../../ui/DateField';
import { formatBankDate } from '../../../ui/formatBankDate';
import { formatMoney, formatPercent } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { listParams, pageFromParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen } from '../parts';
import { useResource } from '../useResource';

/**
 * The bank's liability on its term deposits at the end of a day (today in the bank's zone until
 * another is chosen): the totals per currency, then every deposit the bank held at the end of that
 * day with the interest accrued and not yet due, and what was due and not paid by then: payouts'
 * interest, and the principal of a matured deposit not yet returned (read-only, every operator).
 */
export function DepositLiabilityScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? '';
  const page = pageFromParams(params);
  const report = useResource(() => backoffice<DepositLiabilityResponse>('GET', 'deposits/liability', { query: { date, page } }), [date, page]);
  const [chosen, setChosen] = useState(date);
  // Without a date in the address the server reports today: the field shows which day that is.
  const reportedDate = report.data?.date;
  useEffect(() => {
    if (reportedDate) setChosen((current) => current || reportedDate);
  }, [reportedDate]);
  function show(event: FormEvent) {
    event.preventDefault();
    // A date still being typed, or one the calendar lacks, is marked in the field and not asked for.
    if (chosen === '' || isBankDateValue(chosen)) setParams(listParams({ date: chosen }));
  }
  const totalColumns: Array<Column<DepositLiabilityTotal>> = [
    { key: 'currency', header: t('deposits.liability.currency'), cell: (total) => total.currency },
    { key: 'count', header: t('deposits.liability.count'), money: true, cell: (total) => String(total.deposits) },
    { key: 'principal', header: t('deposits.principal'), money: true, cell: (total) => formatMoney(total.principal, total.currency, language) },
    { key: 'duePrincipal', header: t('deposits.liability.duePrincipal'), money: true, cell: (total) => formatMoney(total.dueUnpaidPrincipal, total.currency, language) },
    { key: 'accrued', header: t('deposits.liability.accrued'), money: true, cell: (total) => formatMoney(total.accruedInterest, total.currency, language) },
    { key: 'dueInterest', header: t('deposits.liability.dueInterest'), money: true, cell: (total) => formatMoney(total.dueUnpaidInterest, total.currency, language) },
  ];
  const columns: Array<Column<DepositLiabilityRow>> = [
    { key: 'number', header: t('deposits.number'), cell: (row) => row.number },
    {
      key: 'client',
      header: t('deposits.liability.client'),
      cell: (row) => (
        <>
          <Link to={`/backoffice/clients/${encodeURIComponent(row.client.clientId)}`}>{row.client.name || row.client.clientNumber}</Link>
          <div className="backoffice__muted">{row.client.clientNumber}</div>
        </>
      ),
    },
    {
      key: 'principal',
      header: t('deposits.principal'),
      money: true,
      // Matured and not yet returned: the whole principal is due (a column of its own in the totals).
      cell: (row) => (
        <>
          {formatMoney(row.principal, row.currency, language)}
          {row.principalDue ? <span className="backoffice-table__note">{t('deposits.liability.principalDueNote')}</span> : null}
        </>
      ),
    },
    { key: 'rate', header: t('deposits.rate'), cell: (row) => formatPercent(row.rateBasisPoints, language, 2) },
    { key: 'term', header: t('deposits.term'), cell: (row) => `${formatBankDate(row.openingDate)} – ${formatBankDate(row.maturityDate)}` },
    { key: 'lastPayout', header: t('deposits.liability.lastPayout'), cell: (row) => (row.lastPayoutDate ? formatBankDate(row.lastPayoutDate) : t('deposits.liability.noPayoutYet')) },
    { key: 'accrued', header: t('deposits.liability.accrued'), money: true, cell: (row) => formatMoney(row.accruedInterest, row.currency, language) },
    { key: 'dueInterest', header: t('deposits.liability.dueInterest'), money: true, cell: (row) => formatMoney(row.dueUnpaidInterest, row.currency, language) },
  ];
  return (
    <BackofficeScreen title={t('deposits.liability.title')} lead={t('deposits.liability.lead')}>
      <form className="backoffice-filters backoffice-inline-form" onSubmit={show}>
        <DateField label={t('deposits.liability.date')} name="date" value={chosen} onValue={setChosen} />
        <button type="submit" className="button">
          {t('deposits.liability.show')}
        </button>
      </form>
      {report.data ? (
        <h2 className="backoffice__subheading" data-testid="bo-liability-date">
          {t('deposits.liability.asOf', { date: formatBankDate(report.data.date) })}
        </h2>
      ) : null}
      <PagedTable
        caption={t('deposits.liability.totals')}
        columns={totalColumns}
        rowKey={(total) => total.currency}
        data={report.data ? { items: report.data.totals } : null}
        error={report.error}
        loading={report.loading}
        empty={t('deposits.liability.empty')}
        onRetry={report.reload}
      />
      {report.data ? (
        <>
          <h2 className="backoffice__subheading">{t('deposits.liability.deposits')}</h2>
          {/* A failed reload is told once, above the totals. */}
          <PagedTable
            caption={t('deposits.liability.deposits')}
            columns={columns}
            rowKey={(row) => row.number}
            data={report.data}
            loading={report.loading}
            empty={t('deposits.liability.empty')}
            onPage={(next) => setParams(listParams({ date }, next))}
          />
        </>
      ) : null}
    </BackofficeScreen>
  );
}
