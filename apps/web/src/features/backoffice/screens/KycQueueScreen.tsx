import { KYC_STATUSES, type KycStatus } from '@bank/contracts/kyc/kyc-record';
import type { KycQueueResponse } from '@bank/contracts/backoffice/kyc-review';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Loaded, Pager, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** Submissions by status, newest first; each opens its detail. */
export function KycQueueScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const status = (KYC_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as KycStatus) : 'New';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queue = useResource(() => backoffice<KycQueueResponse>('GET', 'kyc', { query: { status, page } }), [status, page]);
  return (
    <BackofficeScreen title={t('kyc.title')} lead={t('kyc.lead')}>
      <div className="backoffice-filters">
        <SelectField
          label={t('kyc.status')}
          name="status"
          value={status}
          onValue={(value) => setParams({ status: value })}
          options={KYC_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
      </div>
      <Loaded data={queue.data} error={queue.error}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="backoffice__muted">{t('kyc.empty')}</p>
          ) : (
            <>
              <table className="backoffice-table">
                <thead>
                  <tr>
                    <th scope="col">{t('kyc.submitted')}</th>
                    <th scope="col">{t('kyc.client')}</th>
                    <th scope="col">{t('kyc.name')}</th>
                    <th scope="col">{t('kyc.accountType')}</th>
                    <th scope="col">{t('kyc.country')}</th>
                    <th scope="col">{t('kyc.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.kycId} data-testid="bo-row" data-key={item.kycId}>
                      <td>{formatDateTime(item.createdAt, (i18n.resolvedLanguage ?? 'en'))}</td>
                      <td>
                        <Link to={`/backoffice/kyc/${item.kycId}`}>{item.client.email}</Link>
                      </td>
                      <td>{item.companyName ?? [item.firstName, item.lastName].filter(Boolean).join(' ')}</td>
                      <td>{t(`accountTypes.${item.accountType}`)}</td>
                      <td>{item.country ?? '—'}</td>
                      <td>
                        <StatusBadge status={item.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(next) => setParams({ status, page: String(next) })} />
            </>
          )
        }
      </Loaded>
    </BackofficeScreen>
  );
}
