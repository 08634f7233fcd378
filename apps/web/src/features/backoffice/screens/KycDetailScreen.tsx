import type { KycDecisionResponse, KycReviewItem } from '@bank/contracts/backoffice/kyc-review';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { backoffice } from '../api';
import { formatDateTime } from '../format';
import { BackofficeScreen, Details, Loaded, Problem, ReasonDialog, StatusBadge } from '../parts';
import { useResource } from '../useResource';

/** One submission with everything the client declared; approve, or reject with a reason. */
export function KycDetailScreen() {
  const { t, i18n } = useTranslation(['backoffice', 'kyc']);
  const { kycId = '' } = useParams();
  const item = useResource(() => backoffice<KycReviewItem>('GET', `kyc/${encodeURIComponent(kycId)}`), [kycId]);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function decide(action: 'approve' | 'reject', reason?: string) {
    setBusy(true);
    setFailure(null);
    try {
      await backoffice<KycDecisionResponse>('POST', `kyc/${encodeURIComponent(kycId)}/${action}`, reason === undefined ? {} : { body: { reason } });
      setRejecting(false);
    } catch (error) {
      setFailure(error);
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
                  <button type="button" className="button" disabled={busy} onClick={() => void decide('approve')} data-testid="bo-approve">
                    {t('kyc.approve')}
                  </button>
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => setRejecting(true)} data-testid="bo-reject">
                    {t('kyc.reject')}
                  </button>
                </div>
              ) : null}
            </div>
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
              <ReasonDialog title={t('kyc.rejectTitle')} confirmLabel={t('kyc.reject')} onConfirm={(reason) => decide('reject', reason)} onClose={() => setRejecting(false)} />
            ) : null}
          </>
        )}
      </Loaded>
    </BackofficeScreen>
  );
}
