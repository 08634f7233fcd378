import { useTranslation } from 'react-i18next';
import { Screen } from '../../ui/Screen';

/** SPEC §2 Crypto wallets screen: the client's wallets and their balances. */
export function WalletsScreen() {
  const { t } = useTranslation('crypto');
  return <Screen headingId="crypto-WalletsScreen-heading" title={t('wallets.title')} lead={t('wallets.lead')} />;
}
