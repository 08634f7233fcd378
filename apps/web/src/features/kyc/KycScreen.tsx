import { KYC_REFUSALS } from '@bank/contracts/kyc/constants';
import type { KycFields } from '@bank/contracts/kyc/kyc-form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { Popup } from '../../ui/Popup';
import { authApi } from '../auth';
import { kycSubmitted, selectKycStatus, selectUser, selectUserToken, userRefreshed } from '../auth';
import { initialKycValues, KycForm } from './KycForm';
import { kycApi } from './kycApi';
import './kyc.css';

/**
 * Why the server refused the submission, when it knows better than this screen: a submission is
 * already in review (sent from another device or tab) or the client is already identified.
 */
function refusalOf(error: unknown): string | null {
  const key = error instanceof ApiError && error.status === 409 ? error.body?.fields?._ : undefined;
  return key === KYC_REFUSALS.inReview || key === KYC_REFUSALS.approved ? key : null;
}

/**
 * KYC screen (docs/product.md#screens-and-routes): the form while the status is missing or Rejected (with the operator's
 * reason), an in-process message while it is New, and a confirmation once approved. A submission
 * in review cannot be changed, so the screen never offers to.
 */
export function KycScreen() {
  const { t } = useTranslation(['kyc', 'validation']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectUserToken);
  const status = useAppSelector(selectKycStatus);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = user.kycList?.[0];

  // The submission names the client (profile block, settings) and sets the status: read the user data again.
  const refreshUser = () =>
    authApi
      .me(token ?? '')
      .then((fresh) => dispatch(userRefreshed(fresh)))
      .catch(() => undefined);

  const submit = async (fields: KycFields) => {
    try {
      await kycApi.create(token ?? '', fields);
    } catch (error) {
      const refusal = refusalOf(error);
      // The server's status wins over the stale one this screen showed the form for: a submission
      // in review replaces the form with the in-process message at once (docs/product.md#states).
      if (refusal === KYC_REFUSALS.inReview) dispatch(kycSubmitted());
      if (refusal) void refreshUser();
      setFailure(refusal ? t(refusal.replace(/^validation\./, ''), { ns: 'validation' }) : t('error'));
      throw error;
    }
    dispatch(kycSubmitted());
    void refreshUser();
  };

  return (
    <section className="kyc-screen" aria-labelledby="kyc-heading">
      <h1 id="kyc-heading" className="screen-heading">
        {t('title')}
      </h1>
      {status === 'New' ? (
        <StatusCard tone="pending" title={t('inProcess.title')} text={t('inProcess.text')} />
      ) : status === 'Approved' ? (
        <StatusCard tone="done" title={t('verified.title')} text={t('verified.text')} />
      ) : (
        <>
          <p className="screen-lead">{t('lead')}</p>
          {status === 'Rejected' ? (
            <div className="kyc-rejected" role="status">
              <h2>{t('rejected.title')}</h2>
              <p>{t('rejected.text')}</p>
              {latest?.rejectionReason ? <p className="kyc-rejected__reason">{t('rejected.reason', { reason: latest.rejectionReason })}</p> : null}
            </div>
          ) : null}
          <KycForm
            accountType={user.accountType}
            initialValues={initialKycValues(user, status === 'Rejected' ? latest : undefined)}
            onSubmit={submit}
          />
        </>
      )}
      {failure ? <Popup tone="error" message={failure} onClose={() => setFailure(null)} /> : null}
    </section>
  );
}

function StatusCard({ tone, title, text }: { tone: 'pending' | 'done'; title: string; text: string }) {
  return (
    <div className={`kyc-status kyc-status--${tone} cabinet-card`} role="status">
      <span className="kyc-status__icon" aria-hidden="true">
        {tone === 'pending' ? (
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
        ) : (
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12l5 5 9-10" />
          </svg>
        )}
      </span>
      <div>
        <h2>{title}</h2>
        <p>{text}</p>
      </div>
    </div>
  );
}
