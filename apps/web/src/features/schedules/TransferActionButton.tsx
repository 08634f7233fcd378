import { PAYMENT_ORDER_WITHDRAWAL_FEE } from '@bank/contracts/tariffs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../ui/formatMoney';
import { Modal } from '../../ui/Modal';
import { Popup } from '../../ui/Popup';
import { selectUserToken } from '../auth';
import type { CancelTransferResponse } from '@bank/contracts/transfers/cancel-transfer';
import { cancelTransfer } from './schedulesApi';
import './transferActions.css';
import type { ClientTransferAction } from './transferActions';

/** What the confirmation names: the transfer, so the client knows which one it stops. */
export interface ActedTransfer {
  transactionNumber: string;
  amount: string;
  currency: string;
  recipient: string;
}

/** Why the bank refused: the transfer moved on meanwhile (409), or the account cannot pay the fee (422). */
function failureReason(error: unknown): 'conflict' | 'funds' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return 'conflict';
  return error.status === 422 ? 'funds' : null;
}

type Stage = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'sending' } | { kind: 'done'; answer: CancelTransferResponse } | { kind: 'failed'; reason: 'conflict' | 'funds' | null };

/**
 * Cancel (a scheduled transfer, free) or Withdraw (an order abroad still waiting for the bank, for
 * the fee of docs/product.md#tariffs-and-limits) with its confirmation, which states the fee before anything is asked; the
 * result says what was charged. `onDone` reloads whatever listed the transfer.
 */
export function TransferActionButton({ action, transfer, onDone }: { action: ClientTransferAction; transfer: ActedTransfer; onDone: () => void }) {
  const { t, i18n } = useTranslation('schedules');
  const language = i18n.resolvedLanguage ?? 'en';
  const token = useAppSelector(selectUserToken);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const fee = formatMoney(PAYMENT_ORDER_WITHDRAWAL_FEE.amount, PAYMENT_ORDER_WITHDRAWAL_FEE.currency, language);
  const amount = formatMoney(transfer.amount, transfer.currency, language);

  const confirm = async () => {
    setStage({ kind: 'sending' });
    try {
      const answer = await cancelTransfer(token, transfer.transactionNumber);
      setStage({ kind: 'done', answer });
    } catch (error) {
      // A refused session is the cabinet's modal to show, not this dialog's.
      if (error instanceof ApiError && error.isInvalidAuthorization) return setStage({ kind: 'idle' });
      setStage({ kind: 'failed', reason: failureReason(error) });
    }
  };
  const finish = () => {
    setStage({ kind: 'idle' });
    onDone();
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary schedule-action"
        onClick={() => setStage({ kind: 'confirm' })}
        aria-label={t(`actions.${action}.labelFor`, { number: transfer.transactionNumber })}
      >
        {t(`actions.${action}.button`)}
      </button>
      {stage.kind === 'confirm' || stage.kind === 'sending' ? (
        <Modal
          title={t(`actions.${action}.title`)}
          onClose={stage.kind === 'confirm' ? () => setStage({ kind: 'idle' }) : undefined}
          actions={
            <>
              <button type="button" className="button button--secondary schedule-dialog-button" onClick={() => setStage({ kind: 'idle' })} disabled={stage.kind === 'sending'}>
                {t('actions.keep')}
              </button>
              <button type="button" className="button schedule-dialog-button" onClick={() => void confirm()} disabled={stage.kind === 'sending'}>
                {stage.kind === 'sending' ? t('actions.sending') : t(`actions.${action}.confirm`)}
              </button>
            </>
          }
        >
          <p>{t(`actions.${action}.text`, { number: transfer.transactionNumber, amount, recipient: transfer.recipient })}</p>
          {action === 'withdraw' ? (
            <p className="schedule-fee">
              <strong>
                {transfer.currency === PAYMENT_ORDER_WITHDRAWAL_FEE.currency ? t('actions.withdraw.fee', { fee }) : t('actions.withdraw.feeConverted', { fee, currency: transfer.currency })}
              </strong>
            </p>
          ) : null}
        </Modal>
      ) : null}
      {stage.kind === 'done' ? (
        <Popup
          tone="success"
          message={
            action === 'withdraw'
              ? t('actions.withdraw.done', { fee: formatMoney(stage.answer.fee, stage.answer.currency, language) })
              : t('actions.cancel.done')
          }
          onClose={finish}
        />
      ) : null}
      {stage.kind === 'failed' ? <Popup tone="error" message={stage.reason ? t(`actions.failed.${stage.reason}`) : undefined} onClose={finish} /> : null}
    </>
  );
}
