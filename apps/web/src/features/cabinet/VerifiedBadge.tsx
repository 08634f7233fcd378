import { useTranslation } from 'react-i18next';
import { CheckBadgeIcon } from './icons';

/** The account-verified badge (docs/product.md#screens-and-routes): shown once the KYC status is set and is neither New nor Rejected. */
export function VerifiedBadge() {
  const { t } = useTranslation('cabinet');
  return (
    <span className="verified-badge">
      <CheckBadgeIcon />
      {t('profile.verified')}
    </span>
  );
}
