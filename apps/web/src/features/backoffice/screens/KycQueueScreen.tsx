import { KYC_STATUSES, type KycStatus } from '@bank/contracts/kyc/kyc-status';
import type { KycQueueResponse, KycReviewItem } from '@bank/contracts/backoffice/kyc-review';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { listParams, pageFromParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** Submissions by status, newest first, with those that need two decisions marked; each opens its detail. */
export function KycQueueScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const status = (KYC_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as KycStatus) : 'New';
  const page = pageFromParams(params);
  const queue = useResource(() => backoffice<KycQueueResponse>('GET', 'kyc', { query: { status, page } }), [status, page]);
  const columns: Array<Column<KycReviewItem>> = [
    { key: 'submitted', header: t('kyc.submitted'), cell: (item) => formatDateTime(item.createdAt, language) },
    { key: 'client', header: t('kyc.client'), cell: (item) => <Link to={`/backoffice/kyc/${item.kycId}`}>{item.client.email}</Link> },
    { key: 'name', header: t('kyc.name'), cell: (item) => item.companyName ?? [item.firstName, item.lastName].filter(Boolean).join(' ') },
    { key: 'accountType', header: t('kyc.accountType'), cell: (item) => t(`accountTypes.${item.accountType}`) },
    { key: 'country', header: t('kyc.country'), cell: (item) => item.country ?? '—' },
    { key: 'status', header: t('kyc.status'), cell: (item) => <StatusBadge status={item.status} /> },
    // Enhanced due diligence: how many of the two decisions are made.
    {
      key: 'decisions',
      header: t('kyc.enhanced.column'),
      cell: (item) =>
        item.enhancedReview.decisionsNeeded > 1 ? t('kyc.enhanced.progress', { made: item.enhancedReview.decisions.length, needed: item.enhancedReview.decisionsNeeded }) : '—',
    },
  ];
  return (
    <BackofficeScreen title={t('kyc.title')} lead={t('kyc.lead')}>
      <div className="backoffice-filters">
        <SelectField
          label={t('kyc.status')}
          name="status"
          value={status}
          onValue={(value) => setParams(listParams({ status: value }))}
          options={KYC_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
      </div>
      <PagedTable
        caption={t('kyc.title')}
        columns={columns}
        rowKey={(item) => item.kycId}
        data={queue.data}
        error={queue.error}
        loading={queue.loading}
        empty={t('kyc.empty')}
        onRetry={queue.reload}
        onPage={(next) => setParams(listParams({ status }, next))}
      />
    </BackofficeScreen>
  );
}
