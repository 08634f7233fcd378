import type { DepositPayout } from '@bank/contracts/deposits/index';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { formatMoney } from '../../ui/formatMoney';

/**
 * An exact amount, its currency code in a span of its own: in a narrow frame the code moves under
 * the figure (deposits.css), so the figure stays whole. The text stays formatMoney's, "1 234,56 USD".
 */
function Money({ amount, currency, language }: { amount: string; currency: string; language: string }) {
  const text = formatMoney(amount, currency, language);
  const codeAt = text.lastIndexOf('\u00a0');
  return (
    <>
      {text.slice(0, codeAt)}
      <span className="payout-table__currency">{text.slice(codeAt)}</span>
    </>
  );
}

/** A bank date, its year in a span of its own that moves under the day and month in a narrow frame; the text stays "31.03.2027". */
function PayoutDate({ date }: { date: string }) {
  const text = formatBankDate(date);
  const yearAt = text.lastIndexOf('.') + 1;
  return (
    <>
      {text.slice(0, yearAt)}
      <span className="payout-table__year">{text.slice(yearAt)}</span>
    </>
  );
}

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
  // The table fits its frame from a 360 px phone up (deposits.css); should a figure still not fit,
  // it scrolls sideways in its own frame, reachable by keyboard too, and never the page.
  return (
    <div className="payout-table__frame" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={showPaid ? 'payout-table payout-table--paid data-table' : 'payout-table data-table'}>
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
              <td>
                <PayoutDate date={payout.date} />
              </td>
              <td className="payout-table__number">{payout.days}</td>
              <td className="payout-table__number">
                <Money amount={payout.amount} currency={currency} language={language} />
              </td>
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
              <td className="payout-table__number">
                <Money amount={total} currency={currency} language={language} />
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
