import type { DepositPayout } from '@bank/contracts/deposits/index';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { formatMoney } from '../../ui/formatMoney';

/**
 * A deposit's interest payouts: each one's date, the days it covers and its exact amount; with
 * `total` a closing line, with `showPaid` whether the bank has paid it yet.
 */
export function PayoutTable({
  payouts,
  currency,
  caption,
  total,
  showPaid = false,
  captionHidden = false,
}: {
  payouts: readonly DepositPayout[];
  currency: string;
  caption: string;
  total?: string;
  showPaid?: boolean;
  /** When a heading beside the table already says what it is (a disclosure's summary). */
  captionHidden?: boolean;
}) {
  const { t, i18n } = useTranslation('deposits');
  const language = i18n.resolvedLanguage ?? 'en';
  const captionId = useId();
  // A long schedule scrolls sideways in its own frame on a phone, reachable by keyboard too.
  return (
    <div className="payout-table__frame" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="payout-table data-table">
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('quote.schedule.number')}</th>
            <th scope="col">{t('quote.schedule.date')}</th>
            <th scope="col" className="payout-table__number">
              {t('quote.schedule.days')}
            </th>
            <th scope="col" className="payout-table__number">
              {t('quote.schedule.amount')}
            </th>
            {showPaid ? <th scope="col">{t('list.payoutStatus')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.sequence}>
              <td>{payout.sequence}</td>
              <td>{formatBankDate(payout.date)}</td>
              <td className="payout-table__number">{payout.days}</td>
              <td className="payout-table__number">{formatMoney(payout.amount, currency, language)}</td>
              {showPaid ? <td>{payout.paid ? t('list.paid') : t('list.toCome')}</td> : null}
            </tr>
          ))}
        </tbody>
        {total !== undefined ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('quote.schedule.total')}
              </th>
              <td className="payout-table__number">{formatMoney(total, currency, language)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
