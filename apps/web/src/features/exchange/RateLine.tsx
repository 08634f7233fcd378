import { rateForDisplay } from '@bank/contracts/money';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../ui/formatMoney';
import { CONVERSION_FAILED, RATES_STALE } from './currencySlice';
import type { useExchange } from './useExchange';

/**
 * "1 EUR = 1.077 USD" in the reader's language: the 3 decimals of docs/product.md#tariffs-and-limits. A crypto conversion's rate is
 * written as quoted instead ("1 EUR = 0.000016587 BTC"), which 3 decimals would show as 0.000.
 */
export function useRateText() {
  const { t, i18n } = useTranslation('exchange');
  const language = i18n.resolvedLanguage ?? 'en';
  return (rate: string, from: string, to: string, asQuoted = false) =>
    t('rate.value', { from, to, rate: formatAmount(asQuoted ? rate : rateForDisplay(rate), language) });
}

/**
 * The rate of the chosen pair, or what stands in its way: accounts still to choose, the lookup in
 * progress, or the conversion failure (docs/product.md#errors-and-messages: the server's message, otherwise 'Oops!…').
 */
export function RateLine({ exchange }: { exchange: ReturnType<typeof useExchange> }) {
  const { t } = useTranslation('exchange');
  const rateText = useRateText();
  const { conversion, from, to, rate } = exchange;
  const pairChosen = from !== null && to !== null;
  let content: string;
  let failed = false;
  let isRate = false;
  if (!pairChosen) content = t('rate.choose');
  else if (from === to) content = t('rate.sameCurrency');
  else if (conversion.loading) content = t('rate.loading');
  else if (conversion.error) {
    failed = true;
    content = conversion.error === CONVERSION_FAILED ? t('rate.failed') : conversion.error === RATES_STALE ? t('errors.RATES_STALE') : conversion.error;
  } else if (rate) {
    content = rateText(rate, from, to, exchange.cryptoConversion);
    isRate = true;
  }
  else content = t('rate.loading');
  return (
    <p className={`rate-line ${failed ? 'rate-line--failed' : ''}`} role={failed ? 'alert' : 'status'}>
      <span className="rate-line__label">{t('rate.label')}</span>
      <span className={`rate-line__value ${isRate || failed ? '' : 'rate-line__value--hint'}`}>{content}</span>
      {failed ? (
        <button type="button" className="button button--secondary rate-line__retry" onClick={exchange.retryRate}>
          {t('rate.retry')}
        </button>
      ) : null}
    </p>
  );
}
