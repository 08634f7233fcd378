import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../ui/formatMoney';
import type { FeeState } from './transferFee';

/** The international fee of the amount typed, quoted by the bank (docs/product.md#tariffs-and-limits, tariffs.ts: its rate and limits come with the quote). */
export function FeeLine({ fee }: { fee: FeeState }) {
  const { t, i18n } = useTranslation('transfers');
  const language = i18n.resolvedLanguage ?? 'en';
  if (fee.status === 'idle') return null;
  return (
    <p className="fee-line" role="status" aria-live="polite">
      {fee.status === 'loading' ? t('fee.loading') : null}
      {fee.status === 'failed' ? t('fee.failed') : null}
      {fee.status === 'ready' ? (
        <>
          <span className="fee-line__main">
            {t('fee.line', {
              fee: formatMoney(fee.quote.fee, fee.quote.currency, language),
              total: formatMoney(fee.quote.total, fee.quote.currency, language),
            })}
          </span>
          <span className="fee-line__terms">
            {t('fee.terms', {
              rate: formatPercent(fee.quote.rateBasisPoints, language, 2),
              minimum: formatMoney(fee.quote.minimumFee, fee.quote.currency, language),
              maximum: formatMoney(fee.quote.maximumFee, fee.quote.currency, language),
            })}
          </span>
        </>
      ) : null}
    </p>
  );
}
