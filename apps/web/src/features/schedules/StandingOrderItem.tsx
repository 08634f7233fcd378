import {
  STANDING_ORDER_ACTIONS,
  standingOrderMove,
  type StandingOrder,
  type StandingOrderAction,
  type StandingOrderStatus,
} from '@bank/contracts/transfers/standing-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { Modal } from '../../ui/Modal';
import { Popup } from '../../ui/Popup';
import { selectUserToken } from '../auth';
import { formatBankDate } from '../../ui/formatBankDate';
import './transferActions.css';
import { endText, frequencyText } from './frequency';
import { changeStandingOrder } from './schedulesApi';


const BADGE: Readonly<Record<StandingOrderStatus, string>> = {
  Active: 'status-badge--success',
  Paused: 'status-badge--pending',
  Canceled: 'status-badge--danger',
  Finished: 'schedule-status--ended',
};

/** One standing order: what it pays, how often, the next run, its status and what the client may do. */
export function StandingOrderItem({ order, onChanged }: { order: StandingOrder; onChanged: () => void }) {
  const { t, i18n } = useTranslation('schedules');
  const language = i18n.resolvedLanguage ?? 'en';
  const token = useAppSelector(selectUserToken);
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [failed, setFailed] = useState<'conflict' | 'other' | null>(null);
  const account = order.type === 'internal' ? formatAccountNumber(order.toAccount) : order.toAccount;
  // The recipient's name when one was given (without one the server names the account itself).
  const recipientName = order.recipient && order.recipient !== order.toAccount ? order.recipient : null;
  const title = order.templateName ?? recipientName ?? account;
  // The order's own moves decide its buttons: a paused order resumes, an ended one offers nothing.
  const actions = STANDING_ORDER_ACTIONS.filter((action) => standingOrderMove(order.status, action) !== undefined);

  const act = async (action: StandingOrderAction) => {
    setBusy(true);
    try {
      await changeStandingOrder(token, order.id, action);
      onChanged();
    } catch (error) {
      if (!(error instanceof ApiError && error.isInvalidAuthorization)) setFailed(error instanceof ApiError && error.status === 409 ? 'conflict' : 'other');
    } finally {
      setBusy(false);
      setConfirmCancel(false);
    }
  };

  return (
    <li className="schedule-item">
      <div className="schedule-item__main">
        <span className="schedule-item__title">{title}</span>
        <span className="schedule-item__amount">{formatMoney(order.amount, order.currency, language)}</span>
      </div>
      <p className="schedule-item__line">
        <span className={`status-badge ${BADGE[order.status]}`}>{t(`orders.statuses.${order.status}`)}</span> {frequencyText(order, t)}
      </p>
      <dl className="schedule-item__facts">
        <div>
          <dt>{t('orders.next')}</dt>
          <dd>{order.status === 'Active' && order.nextRunDate ? formatBankDate(order.nextRunDate) : t('orders.noNext')}</dd>
        </div>
        <div>
          <dt>{t('orders.recipient')}</dt>
          <dd>
            {recipientName ? `${recipientName} · ` : ''}
            {account}
          </dd>
        </div>
        <div>
          <dt>{t('orders.from')}</dt>
          <dd>{formatAccountNumber(order.fromAccount)}</dd>
        </div>
        <div>
          <dt>{t('orders.ends')}</dt>
          <dd>{endText(order, t)}</dd>
        </div>
      </dl>
      {actions.length > 0 ? (
        <div className="schedule-item__actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className="button button--secondary schedule-action"
              disabled={busy}
              aria-label={t(`orders.actions.${action}For`, { name: title })}
              onClick={() => (action === 'cancel' ? setConfirmCancel(true) : void act(action))}
            >
              {t(`orders.actions.${action}`)}
            </button>
          ))}
        </div>
      ) : null}
      {confirmCancel ? (
        <Modal
          title={t('orders.cancelTitle')}
          onClose={busy ? undefined : () => setConfirmCancel(false)}
          actions={
            <>
              <button type="button" className="button button--secondary schedule-dialog-button" disabled={busy} onClick={() => setConfirmCancel(false)}>
                {t('actions.keep')}
              </button>
              <button type="button" className="button schedule-dialog-button" disabled={busy} onClick={() => void act('cancel')}>
                {busy ? t('actions.sending') : t('orders.cancelConfirm')}
              </button>
            </>
          }
        >
          <p>{t('orders.cancelText', { name: title, amount: formatMoney(order.amount, order.currency, language) })}</p>
        </Modal>
      ) : null}
      {failed ? <Popup tone="error" message={failed === 'conflict' ? t('orders.conflict') : undefined} onClose={() => setFailed(null)} /> : null}
    </li>
  );
}
