import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Tabs } from '../../ui/Tabs';
import { loadAccounts } from '../accounts';
import { BankTransferForm } from './BankTransferForm';
import { InternalTransferForm } from './InternalTransferForm';
import { clearPresetTab, presetTab } from './transferDraft';
import './transfers.css';

type TransferTab = 'bank' | 'internal';

/** Transfer screen (docs/product.md#screens-and-routes): two tabs, the bank (international) transfer and the internal transfer. */
export function TransferScreen() {
  const { t } = useTranslation(['transfers', 'accounts']);
  const dispatch = useAppDispatch();
  const clientId = useAppSelector((state) => state.user.user.clientId ?? '');
  const [tab, setTab] = useState<TransferTab>(() => presetTab(clientId) ?? 'bank');
  // The tab asked for by another screen opens this once; the next visit opens as usual.
  useEffect(() => clearPresetTab(clientId), [clientId]);

  // Fresh balances for the account selects: another screen or device may have moved money.
  useEffect(() => {
    void dispatch(loadAccounts());
  }, [dispatch]);

  return (
    <div className="transfer-screen">
      <h1 className="screen-heading">{t('screen.title')}</h1>
      <p className="screen-lead">{t('screen.lead')}</p>
      <Tabs
        label={t('tabs.label')}
        items={[
          { key: 'bank', title: t('tabs.bank') },
          { key: 'internal', title: t('tabs.internal') },
        ]}
        active={tab}
        onSelect={setTab}
      >
        <div className="cabinet-card">{tab === 'bank' ? <BankTransferForm /> : <InternalTransferForm />}</div>
      </Tabs>
    </div>
  );
}

export default TransferScreen;
