import type { Currency } from '@bank/contracts/money';
import type { InternationalTransferPayload } from '@bank/contracts/transfers/create-international-transfer';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { TransferReview, type ReviewRow } from './TransferReview';
import { fetchTransferFee, type FeeState } from './transferFee';

/**
 * The review of a bank transfer before it is sent: where the money goes, the amount, the bank's
 * fee and the total held on the account. Confirming is possible only once the fee is shown.
 */
export function BankTransferReview({
  payload,
  currency,
  sending,
  repeat,
  onBack,
  onConfirm,
}: {
  payload: InternationalTransferPayload;
  currency: Currency;
  sending: boolean;
  /** The standing order in words, when the transfer is to be repeated. */
  repeat?: string | undefined;
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
  const money = (value: string) => formatMoney(value, currency, language);
  const rows: ReviewRow[] = [
    { label: t('review.from'), value: formatAccountNumber(payload.fromAccount) },
    { label: t('review.region'), value: t(`bank.regions.${payload.paymentRegions}`) },
    { label: t('review.recipient'), value: details.fullName },
    ...(details.recipientsIban ? [{ label: t('bank.fields.recipientsIban'), value: details.recipientsIban }] : []),
    ...(details.recipientsAccountNumber ? [{ label: t('bank.fields.recipientsAccountNumber'), value: details.recipientsAccountNumber }] : []),
    { label: t('review.bank'), value: `${details.recipientsBank}, ${details.recipientsSwiftBic.toUpperCase()}` },
    { label: t('review.amount'), value: money(amount) },
    ...(repeat ? [{ label: t('review.repeat'), value: repeat }] : []),
    {
      label: t('review.fee'),
      live: true,
      value: (
        <>
          {fee.status === 'ready' ? money(fee.quote.fee) : null}
          {fee.status === 'loading' ? t('fee.loading') : null}
          {fee.status === 'failed' ? (
            <button type="button" className="link-button" onClick={() => quote()}>
              {t('fee.retry')}
            </button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <TransferReview
      texts={{ title: t('review.title'), back: t('review.back'), confirm: t('review.confirm'), sending: t('sending') }}
      rows={rows}
      total={fee.status === 'ready' ? { label: t('review.total'), value: money(fee.quote.total) } : null}
      notes={[t(repeat ? 'review.repeatNote' : 'review.note')]}
      sending={sending}
      canConfirm={fee.status === 'ready'}
      onBack={onBack}
      onConfirm={onConfirm}
    />
  );
}
