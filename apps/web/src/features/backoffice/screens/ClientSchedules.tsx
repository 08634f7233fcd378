import type { ClientSchedulesResponse } from '@bank/contracts/backoffice/schedules';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { formatBankDate } from '../../../ui/formatBankDate';
import { backoffice } from '../api';
import { PagedTable, type Column } from '../PagedTable';
import { StatusBadge } from '../parts';
import { useResource } from '../useResource';

type ScheduledRow = ClientSchedulesResponse['scheduledTransfers'][number];
type OrderRow = ClientSchedulesResponse['standingOrders'][number];

/** A bank account number grouped, an account abroad (IBAN) as given. */
function accountText(account: string, type: 'internal' | 'international'): string {
  return type === 'internal' ? formatAccountNumber(account) : account;
}

/** A client's transfers dated ahead and standing orders, read-only, under the client's card. */
export function ClientSchedules({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const schedules = useResource(() => backoffice<ClientSchedulesResponse>('GET', `clients/${encodeURIComponent(clientId)}/schedules`), [clientId]);
  const date = (value: string | null) => (value ? formatBankDate(value) : '—');
  const transferColumns: Array<Column<ScheduledRow>> = [
    { key: 'date', header: t('schedules.date'), cell: (row) => date(row.date) },
    { key: 'number', header: t('payments.number'), cell: (row) => row.transactionNumber },
    { key: 'type', header: t('schedules.type'), cell: (row) => t(`schedules.types.${row.type}`) },
    { key: 'from', header: t('schedules.from'), cell: (row) => formatAccountNumber(row.fromAccount) },
    { key: 'to', header: t('payments.recipient'), cell: (row) => [row.recipient, accountText(row.toAccount, row.type)].filter(Boolean).join(' · ') },
    { key: 'amount', header: t('payments.amount'), money: true, cell: (row) => formatMoney(row.amount, row.currency, language) },
    { key: 'order', header: t('schedules.fromOrder'), cell: (row) => (row.standingOrderId ? t('yes') : t('no')) },
  ];
  const orderColumns: Array<Column<OrderRow>> = [
    { key: 'status', header: t('payments.status'), cell: (order) => <StatusBadge status={order.status} /> },
    {
      key: 'frequency',
      header: t('schedules.frequency'),
      cell: (order) => (order.frequency === 'weekly' ? t('schedules.frequencies.weekly') : t(`schedules.frequencies.${order.frequency}`, { day: order.dayOfMonth ?? '' })),
    },
    { key: 'next', header: t('schedules.next'), cell: (order) => date(order.nextRunDate) },
    { key: 'period', header: t('schedules.period'), cell: (order) => `${date(order.startDate)} – ${order.endDate ? date(order.endDate) : order.count !== null ? t('schedules.count', { total: order.count }) : '…'}` },
    { key: 'made', header: t('schedules.made'), cell: (order) => String(order.occurrencesMade) },
    { key: 'from', header: t('schedules.from'), cell: (order) => formatAccountNumber(order.fromAccount) },
    { key: 'to', header: t('payments.recipient'), cell: (order) => [order.recipient, accountText(order.toAccount, order.type)].filter(Boolean).join(' · ') },
    { key: 'amount', header: t('payments.amount'), money: true, cell: (order) => formatMoney(order.amount, order.currency, language) },
  ];
  return (
    <>
      <h2 className="backoffice__subheading">{t('schedules.transfers')}</h2>
      <PagedTable
        caption={t('schedules.transfers')}
        columns={transferColumns}
        rowKey={(row) => row.transactionNumber}
        data={schedules.data ? { items: schedules.data.scheduledTransfers } : null}
        error={schedules.error}
        onRetry={schedules.reload}
        empty={t('schedules.noTransfers')}
      />
      <h2 className="backoffice__subheading">{t('schedules.orders')}</h2>
      <PagedTable
        caption={t('schedules.orders')}
        columns={orderColumns}
        rowKey={(order) => order.id}
        data={schedules.data ? { items: schedules.data.standingOrders } : null}
        error={schedules.error}
        onRetry={schedules.reload}
        empty={t('schedules.noOrders')}
      />
    </>
  );
}
