import type { KycFields } from '@bank/contracts/kyc/kyc-form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Popup } from '../../ui/Popup';
import { authApi } from '../auth';
import { kycSubmitted, selectKycStatus, selectUser, selectUserToken, userRefreshed } from '../auth';
import { initialKycValues, KycForm } from './KycForm';
import { kycApi } from './kycApi';
import './kyc.css';

/**
 * SPEC §2 KYC screen: the form while the status is missing or Rejected (with the operator's
 * reason), an in-process message while it is New, and a confirmation once approved.
 */
export function KycScreen() {
  const { t } = useTranslation('kyc');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectUserToken);
  const status = useAppSelector(selectKycStatus);
  const [failed, setFailed] = useState(false);
  const latest = user.kycList?.[0];

  const submit = async (fields: KycFields) => {
    try {
      await kycApi.create(token ?? '', fields);
    } catch (error) {
      setFailed(true);
      throw error;
    }
    dispatch(kycSubmitted());
    // The submission also names the client (profile block, settings): read the user data again.
    authApi
      .me(token ?? '')
      .then((fresh) => dispatch(userRefreshed(fresh)))
      .catch(() => undefined);
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
      {failed ? <Popup tone="error" message={t('error')} onClose={() => setFailed(false)} /> : null}
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
