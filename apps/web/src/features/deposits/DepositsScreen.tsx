import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Screen } from '../../ui/Screen';
import { loadAccounts } from '../accounts';
import { useSignedInLoad } from '../settings';
import { DepositList } from './DepositList';
import { fetchDeposits } from './depositsApi';
import { OpenDepositCard } from './OpenDepositCard';
import './deposits.css';

/**
 * The cabinet's term deposits (docs/product.md#tariffs-and-limits, docs/deposits.md): the client's deposits, each running one with
 * Close early, and the card that opens a new one from a quote. Whatever moves money reloads the
 * list; the balances follow through the accounts.
 */
export function DepositsScreen() {
  const { t } = useTranslation('deposits');
  const dispatch = useAppDispatch();
  const deposits = useSignedInLoad(fetchDeposits);

  // Fresh balances for the account to fund from.
  useEffect(() => {
    void dispatch(loadAccounts());
  }, [dispatch]);

  const refresh = () => void deposits.refresh();
  return (
    <Screen headingId="deposits-heading" title={t('title')} lead={t('lead')}>
      <DepositList load={deposits.load} onRetry={refresh} onChanged={refresh} />
      <OpenDepositCard onOpened={refresh} />
    </Screen>
  );
}

export default DepositsScreen;
