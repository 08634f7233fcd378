import type { Deposit, DepositCloseQuote } from '@bank/contracts/deposits/index';
import type { ErrorBody } from '@bank/contracts/errors';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { endedTheSession, SubmissionKeys } from '../../lib/submitTransaction';
import { formatBankDate } from '../../ui/formatBankDate';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { Modal } from '../../ui/Modal';
import { Popup } from '../../ui/Popup';
import { useFailureText } from '../../ui/useFailureText';
import { reloadAfterMoneyMoved } from '../accounts';
import { selectUserToken } from '../auth';
import { closeDeposit, fetchCloseQuote, quoteChangedIn } from './depositsApi';

type Stage =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'confirm'; quote: DepositCloseQuote; changed?: boolean }
  | { kind: 'closing'; quote: DepositCloseQuote }
  | { kind: 'closed'; quote: DepositCloseQuote }
  | { kind: 'failed'; body: ErrorBody | null };

/**
 * Close early, with its confirmation: the bank's close quote says what comes back to which account
 * and what interest is forfeited, with the rule in words, before anything is sent. The closing
 * carries its own idempotency key, so a retry after a lost answer closes the deposit once.
 */
export function CloseDepositButton({ deposit, onClosed }: { deposit: Deposit; onClosed: () => void }) {
  const { t, i18n } = useTranslation('deposits');
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const keys = useRef(new SubmissionKeys());
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const money = (amount: string) => formatMoney(amount, deposit.currency, language);
  const reasonOf = useFailureText('deposits');

  const ask = async () => {
    setStage({ kind: 'asking' });
    try {
      setStage({ kind: 'confirm', quote: await fetchCloseQuote(token, deposit.id) });
    } catch (error) {
      // A refused session is the cabinet's modal to show, not this button's.
      if (error instanceof ApiError && error.isInvalidAuthorization) return setStage({ kind: 'idle' });
      setStage({ kind: 'failed', body: error instanceof ApiError ? error.body : null });
    }
  };

  const close = async (quote: DepositCloseQuote) => {
    setStage({ kind: 'closing', quote });
    const { outcome } = await closeDeposit(token, quote, keys.current);
    if (endedTheSession(outcome)) return setStage({ kind: 'idle' });
    if (outcome.ok) {
      void dispatch(reloadAfterMoneyMoved());
      return setStage({ kind: 'closed', quote });
    }
    // The bank's day turned since the quote: its new figures are shown to confirm again.
    const changed = quoteChangedIn<DepositCloseQuote>(outcome.body);
    if (changed) return setStage({ kind: 'confirm', quote: changed, changed: true });
    setStage({ kind: 'failed', body: outcome.body });
  };

  // The list is read again after either ending: a refusal (409) means the deposit changed meanwhile.
  const finish = () => {
    setStage({ kind: 'idle' });
    onClosed();
  };

  const failure = (body: ErrorBody | null): string => {
    if (body?.code === 'CONFLICT') return t('close.conflict');
    const reason = reasonOf(body);
    return reason ? `${t('close.notClosed')} ${reason}` : t('close.notClosed');
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('close.buttonFor', { number: deposit.number })}
        aria-busy={stage.kind === 'asking'}
        // Not disabled while asking: the dialog gives focus back to this button when it closes.
        onClick={() => {
          if (stage.kind === 'idle') void ask();
        }}
      >
        {stage.kind === 'asking' ? t('close.loading') : t('close.button')}
      </button>
      {stage.kind === 'confirm' || stage.kind === 'closing' ? (
        <Modal
          title={t('close.title')}
          onClose={stage.kind === 'confirm' ? () => setStage({ kind: 'idle' }) : undefined}
          actions={
            <>
              <button type="button" className="button button--secondary" disabled={stage.kind === 'closing'} onClick={() => setStage({ kind: 'idle' })}>
                {t('close.keep')}
              </button>
              <button type="button" className="button" disabled={stage.kind === 'closing'} onClick={() => void close(stage.quote)}>
                {stage.kind === 'closing' ? t('close.closing') : t('close.confirm')}
              </button>
            </>
          }
        >
          {stage.kind === 'confirm' && stage.changed ? (
            <p className="deposit-notice" role="alert">
              {t('close.changed')}
            </p>
          ) : null}
          <p>{t('close.text', { number: deposit.number, date: formatBankDate(stage.quote.closingDate) })}</p>
          <dl className="deposit-summary">
            <div className="deposit-summary__row summary-list__row">
              <dt>{t('close.returned', { account: formatAccountNumber(stage.quote.accountNumber) })}</dt>
              <dd>{money(stage.quote.returned)}</dd>
            </div>
            <div className="deposit-summary__row summary-list__row deposit-summary__row--loss">
              <dt>{t('close.forfeited')}</dt>
              <dd>{money(stage.quote.forfeitedInterest)}</dd>
            </div>
          </dl>
          <p className="deposit-note">{t('earlyClosing.rule')}</p>
        </Modal>
      ) : null}
      {stage.kind === 'closed' ? (
        <Popup
          tone="success"
          message={t('close.done', { number: deposit.number, amount: money(stage.quote.returned), account: formatAccountNumber(stage.quote.accountNumber) })}
          onClose={finish}
        />
      ) : null}
      {stage.kind === 'failed' ? <Popup tone="error" message={failure(stage.body)} onClose={finish} /> : null}
    </>
  );
}
