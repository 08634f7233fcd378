import { isIdentified } from '@bank/contracts/kyc/kyc-status';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectKycStatus, selectUser } from '../auth';
import { displayName } from '../cabinet';
import { VerifiedBadge } from '../cabinet';
import { Screen } from '../../ui/Screen';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import './settings.css';

/**
 * Settings (docs/product.md#screens-and-routes): account owner, ID number, account type and the account-verified badge (shown
 * once the KYC status is set and is neither New nor Rejected), then the password-change form and
 * two-factor sign-in with an authenticator app, passkeys, and the sessions and devices signed in.
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const user = useAppSelector(selectUser);
  const verified = isIdentified(useAppSelector(selectKycStatus));
  return (
    <Screen headingId="settings-heading" title={t('title')} lead={t('lead')}>
      <div className="settings-grid">
        <section className="cabinet-card" aria-labelledby="account-heading">
          <div className="settings-account__head row-spread">
            <h2 id="account-heading">{t('account.title')}</h2>
            {verified ? <VerifiedBadge /> : null}
          </div>
          <dl className="settings-account">
            <div>
              <dt>{t('account.owner')}</dt>
              <dd>{displayName(user)}</dd>
            </div>
            <div>
              <dt>{t('account.idNumber')}</dt>
              <dd>{user.clientId}</dd>
            </div>
            <div>
              <dt>{t('account.type')}</dt>
              <dd>{user.accountType === 'business' ? t('account.business') : t('account.personal')}</dd>
            </div>
            <div>
              <dt>{t('account.email')}</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
        </section>
        <section className="cabinet-card">
          <PasswordChangeForm />
        </section>
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
      </div>
    </Screen>
  );
}
