import { APPROVAL_STATUSES, type ApprovalItem, type ApprovalsResponse, type ApprovalStatus } from '@bank/contracts/backoffice/approvals';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../ui/FormField';
import { backoffice } from '../api';
import { approvalKindsFor } from '../approvalFacts';
import { formatDateTime } from '../format';
import { listParams, pageFromParams, PagedTable, type Column } from '../PagedTable';
import { BackofficeScreen, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';

/** The status filter's value for every status; no value in the address means what waits. */
const ALL = 'all';

/**
 * Proposals of the kinds the operator's roles open (four eyes, docs/bank-controls.md): by default those
 * waiting for a second operator; each opens its detail, where it is approved, rejected or withdrawn.
 */
export function ApprovalsScreen() {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const session = useOperatorSession();
  const kinds = approvalKindsFor(session?.operator.roles ?? []);
  const [params, setParams] = useSearchParams();
  const requestedStatus = params.get('status') ?? '';
  const statusFilter = requestedStatus === ALL || (APPROVAL_STATUSES as readonly string[]).includes(requestedStatus) ? requestedStatus : 'Pending';
  const status = statusFilter === ALL ? undefined : (statusFilter as ApprovalStatus);
  const requestedKind = params.get('kind') ?? '';
  const kind = (kinds as readonly string[]).includes(requestedKind) ? requestedKind : '';
  const page = pageFromParams(params);
  const queue = useResource(() => backoffice<ApprovalsResponse>('GET', 'approvals', { query: { status, kind, page } }), [status, kind, page]);
  // The default status stays out of the address, so that the menu's link and the filter agree.
  const filters = (next: { status: string; kind: string }) => listParams({ status: next.status === 'Pending' ? '' : next.status, kind: next.kind });
  const columns: Array<Column<ApprovalItem>> = [
    { key: 'kind', header: t('approvals.kind'), cell: (item) => <Link to={`/backoffice/approvals/${encodeURIComponent(item.id)}`}>{t(`approvals.kinds.${item.kind}`)}</Link> },
    { key: 'summary', header: t('approvals.summary'), cell: (item) => <span className="backoffice-approval__summary">{item.summary}</span> },
    {
      key: 'maker',
      header: t('approvals.maker'),
      cell: (item) => (
        <>
          {item.maker.name}
          {item.maker.id === session?.operator.id ? <span className="backoffice__muted backoffice-table__note">{t('approvals.you')}</span> : null}
        </>
      ),
    },
    // A proposal may come without a note (an incoming payment's is optional): a dash, not an empty cell.
    { key: 'reason', header: t('approvals.reason'), cell: (item) => (item.reason.trim() ? <span className="backoffice-approval__reason">{item.reason}</span> : '—') },
    { key: 'created', header: t('approvals.created'), cell: (item) => formatDateTime(item.createdAt, language) },
    { key: 'status', header: t('approvals.status'), cell: (item) => <StatusBadge status={item.status} /> },
  ];
  return (
    <BackofficeScreen title={t('approvals.title')} lead={t('approvals.lead')}>
      <div className="backoffice-filters">
        <SelectField
          label={t('approvals.status')}
          name="status"
          value={statusFilter}
          onValue={(value) => setParams(filters({ status: value, kind }))}
          options={[...APPROVAL_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })), { value: ALL, label: t('approvals.allStatuses') }]}
        />
        <SelectField
          label={t('approvals.kind')}
          name="kind"
          value={kind}
          onValue={(value) => setParams(filters({ status: statusFilter, kind: value }))}
          options={[{ value: '', label: t('approvals.allKinds') }, ...kinds.map((value) => ({ value, label: t(`approvals.kinds.${value}`) }))]}
        />
      </div>
      <PagedTable
        caption={t('approvals.title')}
        columns={columns}
        rowKey={(item) => item.id}
        data={queue.data}
        error={queue.error}
        loading={queue.loading}
        empty={status === 'Pending' ? t('approvals.emptyPending') : t('approvals.empty')}
        onRetry={queue.reload}
        onPage={(next) => setParams(listParams(filters({ status: statusFilter, kind }), next))}
      />
    </BackofficeScreen>
  );
}
