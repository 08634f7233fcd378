import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../ui/formatMoney';
import { useRateText } from './RateLine';
import type { useExchange } from './useExchange';

/**
 * Step 1 (SPEC §2): what is sold and what is bought, at which rate, with confirm or back. When the
 * bank answered that the rate moved, the new rate and amount are shown here to confirm again.
 */
export function ExchangeSummary({ exchange }: { exchange: ReturnType<typeof useExchange> }) {
  const { t, i18n } = useTranslation('exchange');
  const language = i18n.resolvedLanguage ?? 'en';
  const rateText = useRateText();
  const { amounts, from, to, rate } = exchange;
  if (!from || !to || !rate) return null;
  return (
    <div className="exchange-summary">
      {exchange.rateMoved ? (
        <div className="exchange-summary__notice" role="alert">
          <strong>{t('summary.rateChangedTitle')}</strong>
          <p>{t('summary.rateChanged', { rate: rateText(rate, from, to) })}</p>
        </div>
      ) : null}
      <dl className="exchange-summary__legs">
        <div className="exchange-summary__leg">
          <dt>{t('summary.sell')}</dt>
          <dd>
            <span className="exchange-summary__amount">{formatMoney(amounts.amount, from, language)}</span>
            <span className="exchange-summary__account">{t('summary.fromAccount', { number: formatAccountNumber(exchange.accNumberFrom) })}</span>
          </dd>
        </div>
        <div className="exchange-summary__leg">
          <dt>{t('summary.buy')}</dt>
          <dd>
            <span className="exchange-summary__amount">{formatMoney(amounts.toAmount, to, language)}</span>
            <span className="exchange-summary__account">{t('summary.toAccount', { number: formatAccountNumber(exchange.accNumberTo) })}</span>
          </dd>
        </div>
        <div className="exchange-summary__leg exchange-summary__leg--rate">
          <dt>{t('rate.label')}</dt>
          <dd>{rateText(rate, from, to)}</dd>
        </div>
      </dl>
      <p className="exchange-summary__note">{t('summary.note')}</p>
      <div className="exchange-form__actions">
        <button type="button" className="button button--secondary" onClick={exchange.back} disabled={exchange.sending}>
          {t('summary.back')}
        </button>
        <button type="button" className="button" onClick={() => void exchange.confirm()} disabled={exchange.sending}>
          {exchange.sending ? t('summary.sending') : exchange.rateMoved ? t('summary.confirmNewRate') : t('summary.confirm')}
        </button>
      </div>
    </div>
  );
}
