import { useTranslation } from 'react-i18next';

/** SPEC §2 Crypto transfers screen: sending crypto from a wallet. */
export function CryptoTransferScreen() {
  const { t } = useTranslation('crypto');
  return (
    <section aria-labelledby="crypto-CryptoTransferScreen-heading">
      <h1 id="crypto-CryptoTransferScreen-heading" className="screen-heading">
        {t('transfers.title')}
      </h1>
      <p className="screen-lead">{t('transfers.lead')}</p>
    </section>
  );
}
