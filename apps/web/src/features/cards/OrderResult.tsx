import type { OrderCardResponse } from '@bank/contracts/cards/cards';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';

/** What the order came to: the card issued (ready, or on its way) and the fee's row in the statement. */
export function OrderResult({ result, onClose }: { result: OrderCardResponse; onClose: () => void }) {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.resolvedLanguage ?? 'en';
  const { card, fee } = result;
  return (
    <div className="card-result">
      <p className="card-result__title">
        {card.type === 'virtual' ? t('result.virtual', { last4: card.last4 }) : t('result.physical', { last4: card.last4 })}
      </p>
      <p>{t('result.account', { account: formatAccountNumber(card.accountNumber) })}</p>
      <p>{t('result.fee', { amount: formatMoney(fee.amount, fee.currency, language), number: fee.transactionNumber })}</p>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('result.close')}
      </button>
    </div>
  );
}
