import {
  KYC_DECISION_REFUSALS,
  type KycApproveRequest,
  type KycDecisionRefusal,
  type KycDecisionResponse,
  type KycEnhancedReview,
  type KycRejectRequest,
  type KycReviewItem,
} from '@bank/contracts/backoffice/kyc-review';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Details, Loaded, Problem, ReasonDialog, StatusBadge } from '../parts';
import { useOperatorSession } from '../session';
import { useResource } from '../useResource';

/** Why the server refused a decision, when it is one the screen explains in the operator's language. */
function refusalOf(error: unknown): KycDecisionRefusal | null {
  const reason = error instanceof ApiError ? error.body?.details?.reason : undefined;
  return KYC_DECISION_REFUSALS.find((known) => known === reason) ?? null;
}

/**
 * Enhanced due diligence on a submission (docs/bank-controls.md#high-risk-clients): why it needs two
 * agreeing decisions by different operators, and who has decided what so far.
 */
function EnhancedReview({ review, operatorId }: { review: KycEnhancedReview; operatorId: string | undefined }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  if (review.decisionsNeeded < 2) return null;
  const grounds = review.grounds.map((ground) => t(`kyc.enhanced.grounds.${ground}`)).join(', ');
  const decidedByYou = review.decisions.some((decision) => decision.operator.id === operatorId);
  return (
    <div className="backoffice__notice" role="status" data-testid="bo-kyc-enhanced">
      <p>{t('kyc.enhanced.needsTwo', { grounds })}</p>
      {review.decisions.length === 0 ? (
        <p>{t('kyc.enhanced.noDecision')}</p>
      ) : (
        <ul className="backoffice-list" data-testid="bo-kyc-decisions">
          {review.decisions.map((decision) => (
            <li key={decision.operator.id}>
              {t('kyc.enhanced.decision', {
                operator: decision.operator.name ? `${decision.operator.name} (${decision.operator.email})` : decision.operator.email,
                decision: t(`status.${decision.status}`),
                date: formatDateTime(decision.decidedAt, language),
              })}
              {decision.reason ? ` · ${decision.reason}` : ''}
            </li>
          ))}
        </ul>
      )}
      {decidedByYou ? <p>{t('kyc.enhanced.decidedByYou')}</p> : null}
    </div>
  );
}

/**
 * One submission with everything the client declared; approve, or reject with a reason. A decision
 * names the version on the screen, so it falls on what the operator read: when the submission has
 * changed (or been decided) since, nothing is decided, the screen loads it again and says why. A
 * submission that needs two decisions shows who made the first; its first decision leaves it in review.
 */
export function KycDetailScreen() {
  const { t, i18n } = useTranslation(['backoffice', 'kyc']);
  const { kycId = '' } = useParams();
  const item = useResource(() => backoffice<KycReviewItem>('GET', `kyc/${encodeURIComponent(kycId)}`), [kycId]);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [refusal, setRefusal] = useState<KycDecisionRefusal | null>(null);
  const [recorded, setRecorded] = useState(false);
  const operatorId = useOperatorSession()?.operator.id;

  async function decide(version: number, action: 'approve' | 'reject', reason?: string) {
    setBusy(true);
    setFailure(null);
    setRefusal(null);
    setRecorded(false);
    const body: KycApproveRequest | KycRejectRequest = reason === undefined ? { version } : { reason, version };
    try {
      const answer = await backoffice<KycDecisionResponse>('POST', `kyc/${encodeURIComponent(kycId)}/${action}`, { body });
      setRecorded(answer.awaitingDecision === true);
      setRejecting(false);
    } catch (error) {
      const known = refusalOf(error);
      if (known) {
        setRefusal(known);
        setRejecting(false);
      } else {
        setFailure(error);
      }
    } finally {
      setBusy(false);
      item.reload();
    }
  }

  return (
    <BackofficeScreen title={t('kyc.detailTitle')} actions={<Link to="/backoffice/kyc">{t('kyc.backToQueue')}</Link>}>
      <Loaded data={item.data} error={item.error}>
        {(kyc) => (
          <>
            <div className="backoffice-decision">
              <StatusBadge status={kyc.status} />
              {kyc.status === 'New' ? (
                <div className="backoffice__actions">
                  <button type="button" className="button" disabled={busy} onClick={() => void decide(kyc.version, 'approve')} data-testid="bo-approve">
                    {t('kyc.approve')}
                  </button>
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => setRejecting(true)} data-testid="bo-reject">
                    {t('kyc.reject')}
                  </button>
                </div>
              ) : null}
            </div>
            <EnhancedReview review={kyc.enhancedReview} operatorId={operatorId} />
            {recorded ? (
              <p className="backoffice__notice" role="status" data-testid="bo-kyc-recorded">
                {t('kyc.enhanced.recorded')}
              </p>
            ) : null}
            {refusal ? (
              <p className="backoffice__problem" role="alert" data-testid="bo-kyc-refusal">
                {t(`kyc.refusals.${refusal}`)}
              </p>
            ) : null}
            {failure ? <Problem error={failure} /> : null}
            <h2 className="backoffice__subheading">{t('kyc.clientSection')}</h2>
            <Details
              rows={[
                [t('kyc.client'), <Link to={`/backoffice/clients/${kyc.client.clientId}`}>{kyc.client.email}</Link>],
                [t('kyc.clientNumber'), kyc.client.clientNumber],
                [t('kyc.phone'), kyc.client.phone],
                [t('kyc.accountType'), t(`accountTypes.${kyc.accountType}`)],
                [t('kyc.submitted'), formatDateTime(kyc.createdAt, (i18n.resolvedLanguage ?? 'en'))],
                [t('kyc.decided'), formatDateTime(kyc.decidedAt, (i18n.resolvedLanguage ?? 'en'))],
                [t('kyc.version'), String(kyc.version)],
                ...(kyc.rejectionReason ? ([[t('kyc.rejectionReason'), kyc.rejectionReason]] as Array<[string, string]>) : []),
              ]}
            />
            <h2 className="backoffice__subheading">{t('kyc.formSection')}</h2>
            <Details
              rows={[
                [t('kyc:fields.firstName'), kyc.firstName],
                [t('kyc:fields.lastName'), kyc.lastName],
                [t('kyc:fields.companyName'), kyc.companyName],
                [t('kyc:fields.phoneNumber'), kyc.phoneNumber],
                [t('kyc:fields.taxNumber'), kyc.taxNumber],
                [t('kyc:fields.country'), kyc.country],
                [t('kyc:fields.state'), kyc.state],
                [t('kyc:fields.city'), kyc.city],
                [t('kyc:fields.postalCode'), kyc.postalCode],
                [t('kyc:fields.address'), kyc.address],
                [t('kyc:fields.identityCardType'), kyc.identityCardType ? t(`kyc:documentTypes.${kyc.identityCardType}`) : null],
                [t('kyc:fields.identityCardId'), kyc.identityCardId],
                [t('kyc:fields.sourcesOfWealth'), kyc.sourcesOfWealth.map((source) => t(`kyc:sources.${source}`)).join(', ')],
                [t('kyc:fields.otherSourcesOfWealth'), kyc.otherSourcesOfWealth],
                [t('kyc:fields.pep'), kyc.pep ? t('yes') : t('no')],
                [t('kyc:fields.currencies'), kyc.currencies.join(', ')],
              ]}
            />
            {rejecting ? (
              <ReasonDialog title={t('kyc.rejectTitle')} confirmLabel={t('kyc.reject')} onConfirm={(reason) => decide(kyc.version, 'reject', reason)} onClose={() => setRejecting(false)} />
            ) : null}
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}
