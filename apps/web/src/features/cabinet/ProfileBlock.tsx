import { isIdentified } from '@bank/contracts/kyc/kyc-status';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectKycStatus, selectUser } from '../auth';
import { displayName } from './menu';
import { VerifiedBadge } from './VerifiedBadge';

/** Profile block (docs/product.md#screens-and-routes): the client's (or company's) name, identified or not, and the verified badge. */
export function ProfileBlock() {
  const { t } = useTranslation('cabinet');
  const user = useAppSelector(selectUser);
  const identified = isIdentified(useAppSelector(selectKycStatus));
  const name = displayName(user);
  // The first letter of the first two words: "ООО «Северный ветер»" reads as ОС, an e-mail by its name.
  const initials = name
    .split(/[\s@.]+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return (
    <section className="profile" aria-label={t('profile.label')}>
      <span className="profile__avatar" aria-hidden="true">
        {initials}
      </span>
      <div className="profile__text">
        <p className="profile__name">{name}</p>
        <p className="profile__status">{identified ? t('profile.identified') : t('profile.unidentified')}</p>
        {identified ? <VerifiedBadge /> : null}
      </div>
    </section>
  );
}
