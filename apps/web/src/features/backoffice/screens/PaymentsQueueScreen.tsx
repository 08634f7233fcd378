import { PENDING_TRANSFER_STATUSES, REVIEWED_TRANSFER_KINDS, type PaymentReviewItem, type PaymentsQueueResponse } from '@bank/contracts/backoffice/payments';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../ui/FormField';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { listParams, pageFromParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** Transfers waiting for the bank, oldest first: international and crypto transfers, crypto conversions. */
export function PaymentsQueueScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const requested = params.get('status') ?? '';
  const status = (PENDING_TRANSFER_STATUSES as readonly string[]).includes(requested) ? requested : '';
  const requestedType = params.get('type') ?? '';
  const type = (REVIEWED_TRANSFER_KINDS as readonly string[]).includes(requestedType) ? requestedType : '';
  const page = pageFromParams(params);
  const queue = useResource(() => backoffice<PaymentsQueueResponse>('GET', 'transactions', { query: { status, type, page } }), [status, type, page]);
  const columns: Array<Column<PaymentReviewItem>> = [
    {
      key: 'number',
      header: t('payments.number'),
      cell: (item) => <Link to={`/backoffice/payments/${encodeURIComponent(item.transactionNumber)}`}>{item.transactionNumber}</Link>,
    },
    {
      key: 'type',
      header: t('payments.type'),
      cell: (item) => (
        <>
          {t(`payments.types.${item.type}`)}
          {item.network ? <span className="backoffice__muted backoffice-table__note">{item.network}</span> : null}
        </>
      ),
    },
    { key: 'created', header: t('payments.created'), cell: (item) => formatDateTime(item.createdAt, language) },
    { key: 'client', header: t('payments.client'), cell: (item) => item.client.name },
    {
      key: 'fromAccount',
      header: t('payments.fromAccount'),
      cell: (item) => <span className={item.type === 'international' ? undefined : 'backoffice-table__address'}>{formatAccountNumber(item.fromAccount)}</span>,
    },
    {
      key: 'amount',
      header: t('payments.amount'),
      money: true,
      cell: (item) => (
        <>
          {formatMoney(item.amount, item.currency, language)}
          {item.counterAmount && item.counterCurrency ? (
            <span className="backoffice__muted backoffice-table__note">{t('payments.intoAmount', { amount: formatMoney(item.counterAmount, item.counterCurrency, language) })}</span>
          ) : null}
        </>
      ),
    },
    { key: 'recipient', header: t('payments.recipient'), cell: (item) => <span className="backoffice-table__address">{formatAccountNumber(item.recipient)}</span> },
    { key: 'approvals', header: t('payments.approvals'), cell: (item) => t('payments.approvalsOf', { given: item.approvals.length, required: item.requiredApprovals }) },
    { key: 'status', header: t('payments.status'), cell: (item) => <StatusBadge status={item.status} /> },
  ];
  return (
    <BackofficeScreen title={t('payments.title')} lead={t('payments.lead')}>
      <div className="backoffice-filters">
        <SelectField
          label={t('payments.status')}
          name="status"
          value={status}
          onValue={(value) => setParams(listParams({ status: value, type }))}
          options={[{ value: '', label: t('payments.allPending') }, ...PENDING_TRANSFER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
        />
        <SelectField
          label={t('payments.type')}
          name="type"
          value={type}
          onValue={(value) => setParams(listParams({ status, type: value }))}
          options={[{ value: '', label: t('payments.allTypes') }, ...REVIEWED_TRANSFER_KINDS.map((value) => ({ value, label: t(`payments.types.${value}`) }))]}
        />
      </div>
      <PagedTable
        caption={t('payments.title')}
        columns={columns}
        rowKey={(item) => item.transactionNumber}
        data={queue.data}
        error={queue.error}
        loading={queue.loading}
        empty={t('payments.empty')}
        onRetry={queue.reload}
        onPage={(next) => setParams(listParams({ status, type }, next))}
      />
    </BackofficeScreen>
  );
}
