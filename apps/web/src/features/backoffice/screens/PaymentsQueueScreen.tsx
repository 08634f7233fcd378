import { PENDING_TRANSFER_STATUSES, REVIEWED_TRANSFER_KINDS, type PaymentsQueueResponse } from '@bank/contracts/backoffice/payments';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../ui/FormField';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Loaded, Pager, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** Transfers waiting for the bank, oldest first: international and crypto transfers, crypto conversions. */
export function PaymentsQueueScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const requested = params.get('status') ?? '';
  const status = (PENDING_TRANSFER_STATUSES as readonly string[]).includes(requested) ? requested : '';
  const requestedType = params.get('type') ?? '';
  const type = (REVIEWED_TRANSFER_KINDS as readonly string[]).includes(requestedType) ? requestedType : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queue = useResource(() => backoffice<PaymentsQueueResponse>('GET', 'transactions', { query: { status, type, page } }), [status, type, page]);
  // A filter change starts again from page 1; the other filter stays.
  const filtered = (next: { status: string; type: string }) => Object.fromEntries(Object.entries(next).filter(([, value]) => value !== ''));
  return (
    <BackofficeScreen title={t('payments.title')} lead={t('payments.lead')}>
      <div className="backoffice-filters">
        <SelectField
          label={t('payments.status')}
          name="status"
          value={status}
          onValue={(value) => setParams(filtered({ status: value, type }))}
          options={[{ value: '', label: t('payments.allPending') }, ...PENDING_TRANSFER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
        />
        <SelectField
          label={t('payments.type')}
          name="type"
          value={type}
          onValue={(value) => setParams(filtered({ status, type: value }))}
          options={[{ value: '', label: t('payments.allTypes') }, ...REVIEWED_TRANSFER_KINDS.map((value) => ({ value, label: t(`payments.types.${value}`) }))]}
        />
      </div>
      <Loaded data={queue.data} error={queue.error}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="backoffice__muted">{t('payments.empty')}</p>
          ) : (
            <>
              <table className="backoffice-table">
                <thead>
                  <tr>
                    <th scope="col">{t('payments.number')}</th>
                    <th scope="col">{t('payments.type')}</th>
                    <th scope="col">{t('payments.created')}</th>
                    <th scope="col">{t('payments.client')}</th>
                    <th scope="col">{t('payments.fromAccount')}</th>
                    <th scope="col" className="backoffice-table__money">{t('payments.amount')}</th>
                    <th scope="col">{t('payments.recipient')}</th>
                    <th scope="col">{t('payments.approvals')}</th>
                    <th scope="col">{t('payments.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.transactionNumber} data-testid="bo-row" data-key={item.transactionNumber}>
                      <td>
                        <Link to={`/backoffice/payments/${encodeURIComponent(item.transactionNumber)}`}>{item.transactionNumber}</Link>
                      </td>
                      <td>
                        {t(`payments.types.${item.type}`)}
                        {item.network ? <span className="backoffice__muted backoffice-table__note">{item.network}</span> : null}
                      </td>
                      <td>{formatDateTime(item.createdAt, (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td>{item.client.name}</td>
                      <td className={item.type === 'international' ? undefined : 'backoffice-table__address'}>{formatAccountNumber(item.fromAccount)}</td>
                      <td className="backoffice-table__money">
                        {formatMoney(item.amount, item.currency, (i18n.resolvedLanguage ?? 'en'))}
                        {item.counterAmount && item.counterCurrency ? (
                          <span className="backoffice__muted backoffice-table__note">
                            {t('payments.intoAmount', { amount: formatMoney(item.counterAmount, item.counterCurrency, (i18n.resolvedLanguage ?? 'en')) })}
                          </span>
                        ) : null}
                      </td>
                      <td className="backoffice-table__address">{formatAccountNumber(item.recipient)}</td>
                      <td>{t('payments.approvalsOf', { given: item.approvals.length, required: item.requiredApprovals })}</td>
                      <td>
                        <StatusBadge status={item.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(next) => setParams({ ...filtered({ status, type }), page: String(next) })} />
            </>
          )
        }
      </Loaded>
    </BackofficeScreen>
  );
}
