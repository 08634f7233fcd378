import type { CryptoCurrency } from '@bank/contracts/money/currencies';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../ui/formatMoney';
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
  const rows: Array<[string, string, boolean]> = [
    [t('review.from'), transfer.fromWallet, true],
    [t('review.network'), costs?.network ?? '', false],
    [t('review.recipient'), transfer.recipient, true],
    ...(transfer.email ? ([[t('send.fields.email'), transfer.email, false]] as Array<[string, string, boolean]>) : []),
    ...(transfer.reference ? ([[t('send.fields.reference'), transfer.reference, false]] as Array<[string, string, boolean]>) : []),
    [t('review.amount'), money(transfer.amount), false],
    [t('review.fee'), costs ? money(costs.fee) : '', false],
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
          <button type="button" className="button" onClick={() => void onConfirm()} disabled={sending || costs === null}>
            {sending ? t('send.sending') : t('review.confirm')}
          </button>
        </>
      }
    >
      <dl className="review-list">
        {rows.map(([label, value, isAddress]) => (
          <div key={label} className="review-list__row">
            <dt>{label}</dt>
            <dd className={isAddress ? 'crypto-address' : undefined}>{value}</dd>
          </div>
        ))}
        {costs ? (
          <div className="review-list__row review-list__row--total">
            <dt>{t('review.total')}</dt>
            <dd>{money(costs.total)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="review-note">{t('review.note')}</p>
      <p className="review-note">{t('review.freeInside')}</p>
    </Modal>
  );
}
