import type { Currency } from '@bank/contracts/money';
import type { InternationalTransferPayload } from '@bank/contracts/transfers/create-international-transfer';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { fetchTransferFee, type FeeState } from './transferFee';

/**
 * The review of a bank transfer before it is sent: where the money goes, the amount, the bank's
 * fee and the total held on the account. Confirming is possible only once the fee is shown.
 */
export function BankTransferReview({
  payload,
  currency,
  sending,
  onBack,
  onConfirm,
}: {
  payload: InternationalTransferPayload;
  currency: Currency;
  sending: boolean;
  onBack: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('transfers');
  const language = i18n.resolvedLanguage ?? 'en';
  const [fee, setFee] = useState<FeeState>({ status: 'loading' });
  const amount = String(payload.amount);

  const quote = useCallback(
    (signal?: AbortSignal) => {
      setFee({ status: 'loading' });
      fetchTransferFee(amount, currency, signal).then(
        (result) => setFee({ status: 'ready', quote: result }),
        () => {
          if (!signal?.aborted) setFee({ status: 'failed' });
        },
      );
    },
    [amount, currency],
  );
  useEffect(() => {
    const controller = new AbortController();
    quote(controller.signal);
    return () => controller.abort();
  }, [quote]);

  const details = payload.recipientDetails;
  const rows: Array<[string, string]> = [
    [t('review.from'), formatAccountNumber(payload.fromAccount)],
    [t('review.region'), t(`bank.regions.${payload.paymentRegions}`)],
    [t('review.recipient'), details.fullName],
    ...(details.recipientsIban ? ([[t('bank.fields.recipientsIban'), details.recipientsIban]] as Array<[string, string]>) : []),
    ...(details.recipientsAccountNumber ? ([[t('bank.fields.recipientsAccountNumber'), details.recipientsAccountNumber]] as Array<[string, string]>) : []),
    [t('review.bank'), `${details.recipientsBank}, ${details.recipientsSwiftBic.toUpperCase()}`],
    [t('review.amount'), formatMoney(amount, currency, language)],
  ];

  return (
    <Modal
      title={t('review.title')}
      onClose={sending ? undefined : onBack}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onBack} disabled={sending}>
            {t('review.back')}
          </button>
          <button type="button" className="button" onClick={() => void onConfirm()} disabled={sending || fee.status !== 'ready'}>
            {sending ? t('sending') : t('review.confirm')}
          </button>
        </>
      }
    >
      <dl className="review-list">
        {rows.map(([label, value]) => (
          <div key={label} className="review-list__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="review-list__row">
          <dt>{t('review.fee')}</dt>
          <dd aria-live="polite">
            {fee.status === 'ready' ? formatMoney(fee.quote.fee, currency, language) : null}
            {fee.status === 'loading' ? t('fee.loading') : null}
            {fee.status === 'failed' ? (
              <button type="button" className="link-button" onClick={() => quote()}>
                {t('fee.retry')}
              </button>
            ) : null}
          </dd>
        </div>
        {fee.status === 'ready' ? (
          <div className="review-list__row review-list__row--total">
            <dt>{t('review.total')}</dt>
            <dd>{formatMoney(fee.quote.total, currency, language)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="review-note">{t('review.note')}</p>
    </Modal>
  );
}
