import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney, formatPercent, percentDigits } from '../../ui/formatMoney';
import type { ExchangeSide } from './exchangeSides';
import { useRateText } from './RateLine';
import type { useExchange } from './useExchange';

/**
 * Step 1 (docs/product.md#screens-and-routes): what is sold and what is bought, at which rate, with confirm or back. When the
 * bank answered that the rate moved, the new rate and amount are shown here to confirm again.
 * A crypto conversion (docs/product.md#tariffs-and-limits) shows the bank's quote for the amount: the fee of its tier with its
 * percentage, the total debited, what is received, and that the bank has to approve it.
 */
export function ExchangeSummary({ exchange }: { exchange: ReturnType<typeof useExchange> }) {
  const { t, i18n } = useTranslation('exchange');
  const language = i18n.resolvedLanguage ?? 'en';
  const rateText = useRateText();
  const { amounts, from, to, rate, cryptoConversion, quote } = exchange;
  if (!from || !to || !rate) return null;
  const quoted = cryptoConversion && quote.status === 'ready' ? quote.quote : null;
  const side = (kind: 'from' | 'to', holder: ExchangeSide | null, number: string) =>
    t(`summary.${kind}${holder?.kind === 'wallet' ? 'Wallet' : 'Account'}`, { number: formatAccountNumber(number) });
  const received = quoted ? quoted.convertedAmount : amounts.toAmount;
  const shownRate = quoted ? quoted.rate : rate;
  return (
    <div className="exchange-summary">
      {exchange.rateMoved ? (
        <div className="exchange-summary__notice" role="alert">
          <strong>{t('summary.rateChangedTitle')}</strong>
          <p>{t('summary.rateChanged', { rate: rateText(shownRate, from, to, cryptoConversion) })}</p>
        </div>
      ) : null}
      <dl className="exchange-summary__legs" aria-busy={cryptoConversion && quote.status === 'loading'}>
        <div className="exchange-summary__leg">
          <dt>{t('summary.sell')}</dt>
          <dd>
            <span className="exchange-summary__amount">{formatMoney(amounts.amount, from, language)}</span>
            <span className="exchange-summary__account">{side('from', exchange.fromSide, exchange.accNumberFrom)}</span>
          </dd>
        </div>
        {cryptoConversion ? (
          <>
            <div className="exchange-summary__leg">
              <dt>{quoted ? t('summary.feeWithPercent', { percent: formatPercent(quoted.feeBasisPoints, language, percentDigits(quoted.feeBasisPoints)) }) : t('summary.fee')}</dt>
              <dd aria-live="polite">
                {quoted ? formatMoney(quoted.fee, from, language) : null}
                {quote.status === 'loading' || quote.status === 'idle' ? <span className="exchange-summary__account">{t('summary.quoteLoading')}</span> : null}
                {quote.status === 'failed' ? (
                  <span className="exchange-summary__account" role="alert">
                    {t('summary.quoteFailed')}{' '}
                    <button type="button" className="button button--secondary" onClick={exchange.retryQuote}>
                      {t('rate.retry')}
                    </button>
                  </span>
                ) : null}
              </dd>
            </div>
            {quoted ? (
              <div className="exchange-summary__leg">
                <dt>{t('summary.totalDebited')}</dt>
                <dd>
                  <span className="exchange-summary__amount">{formatMoney(quoted.total, from, language)}</span>
                </dd>
              </div>
            ) : null}
          </>
        ) : null}
        {!cryptoConversion || quoted ? (
          <div className="exchange-summary__leg">
            <dt>{t('summary.buy')}</dt>
            <dd>
              <span className="exchange-summary__amount">{formatMoney(received, to, language)}</span>
              <span className="exchange-summary__account">{side('to', exchange.toSide, exchange.accNumberTo)}</span>
            </dd>
          </div>
        ) : null}
        <div className="exchange-summary__leg exchange-summary__leg--rate">
          <dt>{t('rate.label')}</dt>
          <dd>{rateText(shownRate, from, to, cryptoConversion)}</dd>
        </div>
      </dl>
      <p className="exchange-summary__note">{cryptoConversion ? t('summary.conversionNote') : t('summary.note')}</p>
      <div className="exchange-form__actions form-actions">
        <button type="button" className="button button--secondary" onClick={exchange.back} disabled={exchange.sending}>
          {t('summary.back')}
        </button>
        <button type="button" className="button" onClick={() => void exchange.confirm()} disabled={exchange.sending || !exchange.canConfirm}>
          {exchange.sending
            ? t('summary.sending')
            : exchange.rateMoved
              ? t('summary.confirmNewRate')
              : cryptoConversion
                ? t('summary.confirmConversion')
                : t('summary.confirm')}
        </button>
      </div>
    </div>
  );
}
