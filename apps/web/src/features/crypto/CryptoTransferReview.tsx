import type { CryptoCurrency } from '@bank/contracts/money/currencies';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../ui/formatMoney';
import { TransferReview, type ReviewRow } from '../transfers';
import type { CryptoTransfer } from './cryptoTransferApi';
import { transferCosts } from './transferCosts';

/**
 * The review of a crypto transfer before it is sent: from which wallet, on which network, to which
 * address, the amount, the network fee and the total held on the wallet; a transfer to another
 * wallet of this bank is free and credited at once.
 */
export function CryptoTransferReview({
  transfer,
  sending,
  onBack,
  onConfirm,
}: {
  transfer: CryptoTransfer;
  sending: boolean;
  onBack: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('crypto');
  const language = i18n.resolvedLanguage ?? 'en';
  const currency: CryptoCurrency = transfer.currency;
  const costs = transferCosts(transfer.amount, currency);
  const money = (amount: string) => formatMoney(amount, currency, language);
  const rows: ReviewRow[] = [
    { label: t('review.from'), value: transfer.fromWallet, className: 'crypto-address' },
    { label: t('review.network'), value: costs?.network ?? '' },
    { label: t('review.recipient'), value: transfer.recipient, className: 'crypto-address' },
    ...(transfer.email ? [{ label: t('send.fields.email'), value: transfer.email }] : []),
    ...(transfer.reference ? [{ label: t('send.fields.reference'), value: transfer.reference }] : []),
    { label: t('review.amount'), value: money(transfer.amount) },
    { label: t('review.fee'), value: costs ? money(costs.fee) : '' },
  ];

  return (
    <TransferReview
      texts={{ title: t('review.title'), back: t('review.back'), confirm: t('review.confirm'), sending: t('send.sending') }}
      rows={rows}
      total={costs ? { label: t('review.total'), value: money(costs.total) } : null}
      notes={[t('review.note'), t('review.freeInside')]}
      sending={sending}
      canConfirm={costs !== null}
      onBack={onBack}
      onConfirm={onConfirm}
    />
  );
}
