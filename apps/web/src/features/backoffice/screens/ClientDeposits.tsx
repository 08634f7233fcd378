import type { Deposit } from '@bank/contracts';
import type { ClientDepositsResponse } from '@bank/contracts/backoffice/deposits';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../../ui/formatBankDate';
import { formatAccountNumber, formatMoney, formatPercent } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { PagedTable, type Column } from '../PagedTable';
import { StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** A client's term deposits, running first, read-only, under the client's card: as the client's own list shows them. */
export function ClientDeposits({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const deposits = useResource(() => backoffice<ClientDepositsResponse>('GET', `clients/${encodeURIComponent(clientId)}/deposits`), [clientId]);
  const money = (amount: string, deposit: Deposit) => formatMoney(amount, deposit.currency, language);
  const columns: Array<Column<Deposit>> = [
    {
      key: 'number',
      header: t('deposits.number'),
      cell: (deposit) => (
        <>
          <div className="backoffice__nowrap">{deposit.number}</div>
          <StatusBadge status={deposit.status} />
        </>
      ),
    },
    { key: 'principal', header: t('deposits.principal'), money: true, cell: (deposit) => money(deposit.principal, deposit) },
    { key: 'rate', header: t('deposits.rate'), cell: (deposit) => formatPercent(deposit.rateBasisPoints, language, 2) },
    {
      key: 'term',
      header: t('deposits.term'),
      cell: (deposit) => (
        <>
          {`${formatBankDate(deposit.openingDate)} – ${formatBankDate(deposit.maturityDate)}`}
          <div className="backoffice__muted">{t('deposits.terms', { months: deposit.termMonths, payouts: t(`deposits.payoutPeriods.${deposit.payoutMonths}`) })}</div>
        </>
      ),
    },
    {
      key: 'accrued',
      header: t('deposits.accrued'),
      money: true,
      cell: (deposit) => (
        <>
          {money(deposit.accruedInterest, deposit)}
          <div className="backoffice__muted">{t('deposits.paid', { amount: money(deposit.interestPaid, deposit) })}</div>
        </>
      ),
    },
    {
      key: 'next',
      header: t('deposits.nextPayout'),
      cell: (deposit) =>
        deposit.nextPayout ? (
          <>
            {formatBankDate(deposit.nextPayout.date)}
            <div className="backoffice__nowrap">{money(deposit.nextPayout.amount, deposit)}</div>
          </>
        ) : (
          '—'
        ),
    },
    { key: 'account', header: t('deposits.account'), cell: (deposit) => formatAccountNumber(deposit.accountNumber) },
  ];
  return (
    <>
      <h2 className="backoffice__subheading">{t('deposits.clientSection')}</h2>
      <PagedTable
        caption={t('deposits.clientSection')}
        columns={columns}
        rowKey={(deposit) => deposit.number}
        data={deposits.data ? { items: deposits.data } : null}
        error={deposits.error}
        onRetry={deposits.reload}
        empty={t('deposits.none')}
      />
    </>
  );
}
