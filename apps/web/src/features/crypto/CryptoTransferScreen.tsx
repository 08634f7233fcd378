import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Screen } from '../../ui/Screen';
import { CryptoTransactionsList } from './CryptoTransactionsList';
import { CryptoTransferForm } from './CryptoTransferForm';
import { useCryptoTransactions } from './useCryptoTransactions';
import { loadWallets } from './walletsApi';
import './crypto.css';

/** Crypto transfers screen (docs/product.md#screens-and-routes): sending crypto from a wallet, and the crypto transactions below. */
export function CryptoTransferScreen() {
  const { t } = useTranslation(['crypto', 'statement']);
  const dispatch = useAppDispatch();
  const transactions = useCryptoTransactions();

  // Fresh balances for the wallet select: a deposit or another device may have moved coins.
  useEffect(() => {
    void dispatch(loadWallets());
  }, [dispatch]);

  return (
    <Screen headingId="crypto-CryptoTransferScreen-heading" title={t('transfers.title')} lead={t('transfers.lead')}>
      <div className="cabinet-card">
        <CryptoTransferForm onTransferred={transactions.reload} />
      </div>
      <CryptoTransactionsList view={transactions} />
    </Screen>
  );
}

export default CryptoTransferScreen;
