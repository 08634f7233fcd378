import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { PageLoader } from '../../ui/PageLoader';
import { useCabinetNavigation } from '../cabinet';
import { useSignedInLoad } from '../settings';
import { presetTransferForm } from '../transfers';
import { fetchScheduledTransfers, fetchStandingOrders } from './schedulesApi';
import { ScheduledTransfersSection } from './ScheduledTransfersSection';
import { StandingOrderItem } from './StandingOrderItem';
import './schedules.css';

/**
 * The cabinet's scheduled payments: transfers dated ahead, each with Cancel, and standing orders
 * with their frequency, next run and status, each with Pause or Resume and Cancel. A new standing
 * order is made on the transfer screen, with Repeat on.
 */
export function SchedulesScreen() {
  const { t } = useTranslation('schedules');
  const navigation = useCabinetNavigation();
  const clientId = useAppSelector((state) => state.user.user.clientId ?? '');
  const transfers = useSignedInLoad(fetchScheduledTransfers);
  const orders = useSignedInLoad(fetchStandingOrders);

  const newOrder = () => {
    presetTransferForm('internal', clientId, { repeat: 'on' });
    navigation.select('transfer');
  };

  return (
    <div className="schedules">
      <div className="schedules__head">
        <div>
          <h1 className="screen-heading">{t('title')}</h1>
          <p className="screen-lead">{t('lead')}</p>
        </div>
        <button type="button" className="button" onClick={newOrder}>
          {t('orders.new')}
        </button>
      </div>
      <ScheduledTransfersSection load={transfers.load} onChanged={() => void transfers.refresh()} />
      <section className="cabinet-card schedules__section" aria-labelledby="standing-orders-title">
        <h2 id="standing-orders-title">{t('orders.title')}</h2>
        <p className="schedules__lead">{t('orders.lead')}</p>
        {orders.load.kind === 'loading' ? <PageLoader /> : null}
        {orders.load.kind === 'failed' ? <p role="alert">{t('loadFailed')}</p> : null}
        {orders.load.kind === 'ready' && orders.load.data.length === 0 ? <p className="schedules__empty">{t('orders.empty')}</p> : null}
        {orders.load.kind === 'ready' && orders.load.data.length > 0 ? (
          <ul className="schedule-list" aria-labelledby="standing-orders-title">
            {orders.load.data.map((order) => (
              <StandingOrderItem key={order.id} order={order} onChanged={() => void Promise.all([orders.refresh(), transfers.refresh()])} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

export default SchedulesScreen;
