import { useTranslation } from 'react-i18next';

/** SPEC §2 Crypto wallets screen: the client's wallets and their balances. */
export function WalletsScreen() {
  const { t } = useTranslation('crypto');
  return (
    <section aria-labelledby="crypto-WalletsScreen-heading">
      <h1 id="crypto-WalletsScreen-heading" className="screen-heading">
        {t('wallets.title')}
      </h1>
      <p className="screen-lead">{t('wallets.lead')}</p>
    </section>
  );
}
