import { APPROVAL_AREAS } from '@bank/contracts/backoffice/approvals';
import type { ClientRisk, ClientRiskLevel, ClientRiskProposedResponse, ClientRiskRequest } from '@bank/contracts/backoffice/clients';
import { mayUse } from '@bank/contracts/backoffice/roles';
import { LIMITS } from '@bank/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { backoffice } from '../api';
import { formatDateTime, operatorText } from '../format';
import { PagedTable, type Column } from '../PagedTable';
import { Problem, ReasonDialog, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';

/**
 * The client's risk level on the card (docs/bank-controls.md#high-risk-clients): the level now, the
 * proposal of a change waiting, every change with who proposed and who approved it, when and why,
 * and, for compliance and admins, the proposal of the other level with a reason. A proposal holds
 * only when a second such operator approves it in Approvals.
 */
export function ClientRiskSection({ clientId, risk, onProposed }: { clientId: string; risk: ClientRisk; onProposed: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const session = useOperatorSession();
  const mayPropose = Boolean(session && mayUse(session.operator.roles, APPROVAL_AREAS.clientRisk));
  const [proposing, setProposing] = useState(false);
  const [proposed, setProposed] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const next: ClientRiskLevel = risk.level === 'high' ? 'standard' : 'high';

  async function propose(reason: string) {
    setFailure(null);
    const body: ClientRiskRequest = { level: next, reason };
    try {
      await backoffice<ClientRiskProposedResponse>('POST', `clients/${encodeURIComponent(clientId)}/risk`, { body });
      setProposed(true);
      setProposing(false);
      onProposed();
    } catch (error) {
      setFailure(error);
      setProposing(false);
    }
  }

  const columns: Array<Column<ClientRisk['history'][number]>> = [
    { key: 'changedAt', header: t('clients.risk.changedAt'), cell: (change) => formatDateTime(change.changedAt, language) },
    { key: 'level', header: t('clients.risk.level'), cell: (change) => <StatusBadge status={`risk.${change.level}`} /> },
    { key: 'reason', header: t('clients.risk.reason'), cell: (change) => change.reason },
    { key: 'proposedBy', header: t('clients.risk.proposedBy'), cell: (change) => operatorText(change.proposedBy) },
    { key: 'approvedBy', header: t('clients.risk.approvedBy'), cell: (change) => operatorText(change.approvedBy) },
  ];

  return (
    <section aria-labelledby="bo-client-risk" data-testid="bo-client-risk">
      <h2 id="bo-client-risk" className="backoffice__subheading">
        {t('clients.risk.title')}
      </h2>
      <p>
        {t('clients.risk.level')}: <StatusBadge status={`risk.${risk.level}`} />
      </p>
      {risk.pending ? (
        <p className="backoffice__notice" role="status" data-testid="bo-client-risk-pending">
          {proposed ? t('clients.risk.proposed') : t('clients.risk.pending', { level: t(`status.risk.${next}`) })}{' '}
          <Link to={`/backoffice/approvals/${encodeURIComponent(risk.pending.id)}`}>{t('clients.risk.openPending')}</Link>
        </p>
      ) : null}
      {failure ? <Problem error={failure} /> : null}
      {mayPropose && !risk.pending ? (
        <div className="backoffice__actions">
          <button type="button" className="button button--secondary" onClick={() => setProposing(true)} data-testid="bo-client-risk-propose">
            {t(`clients.risk.propose.${next}`)}
          </button>
        </div>
      ) : null}
      <PagedTable
        caption={t('clients.risk.history')}
        columns={columns}
        rowKey={(change) => change.approvalId}
        data={{ items: risk.history }}
        empty={t('clients.risk.noHistory')}
      />
      {proposing ? (
        <ReasonDialog
          title={t(`clients.risk.propose.${next}`)}
          lead={t('clients.risk.proposeLead')}
          confirmLabel={t('clients.risk.send')}
          missingText={t('clients.risk.reasonRequired')}
          maxLength={LIMITS.maxLongText}
          onConfirm={propose}
          onClose={() => setProposing(false)}
        />
      ) : null}
    </section>
  );
}
