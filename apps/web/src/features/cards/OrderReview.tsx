import type { OrderCardPayload } from '@bank/contracts/cards/cards';
import { CARDS } from '@bank/contracts/tariffs';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { Modal } from '../../ui/Modal';
import { countryName, useCountryNames } from './countryNames';
import { addressLines, issueFee } from './orderRequest';
import { useSteadyCallback } from './useSteadyCallback';

/**
 * Step 2: the order as it will be sent, with the fee and the rule of who pays it, to confirm. The
 * dialog stays while the order is on its way and cannot be closed then.
 */
export function OrderReview({ review, busy, onBack, onConfirm }: { review: OrderCardPayload; busy: boolean; onBack: () => void; onConfirm: () => void }) {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.resolvedLanguage ?? 'en';
  const names = useCountryNames();
  const fee = issueFee(review.type);
  // Steady, and refused while the order is on its way (see useSteadyCallback).
  const dismiss = useSteadyCallback(() => {
    if (!busy) onBack();
  });
  const rows: Array<{ key: string; label: string; value: string }> = [
    { key: 'card', label: t('review.card'), value: t('review.cardValue', { type: t(`types.${review.type}`), brand: CARDS.paymentSystem, currency: CARDS.currency }) },
    { key: 'account', label: t('review.account'), value: formatAccountNumber(review.accountNumber) },
  ];
  if (review.deliveryAddress) {
    const address = { ...review.deliveryAddress, line2: review.deliveryAddress.line2 ?? '' };
    rows.push({ key: 'delivery', label: t('review.delivery'), value: addressLines(address, (code) => countryName(names, code)).join(', ') });
  }
  rows.push({ key: 'fee', label: t('review.fee'), value: formatMoney(fee.amount, fee.currency, language) });
  return (
    <Modal
      title={t('review.title')}
      onClose={dismiss}
      actions={
        <>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onBack}>
            {t('review.back')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={onConfirm}>
            {busy ? t('review.ordering') : t('review.confirm')}
          </button>
        </>
      }
    >
      <div className="card-dialog">
        <dl className="card-summary">
          {rows.map((row) => (
            <div key={row.key} className="card-summary__row summary-list__row" data-row={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        <p className="cards__note">{t('order.feeRule')}</p>
      </div>
    </Modal>
  );
}
