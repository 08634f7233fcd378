import { useTranslation } from 'react-i18next';
import { Screen } from '../../ui/Screen';

/** SPEC §2 Crypto transfers screen: sending crypto from a wallet. */
export function CryptoTransferScreen() {
  const { t } = useTranslation('crypto');
  return <Screen headingId="crypto-CryptoTransferScreen-heading" title={t('transfers.title')} lead={t('transfers.lead')} />;
}
