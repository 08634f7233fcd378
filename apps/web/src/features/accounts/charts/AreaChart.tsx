import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@bank/contracts/money';
import { DisclosureButton } from '../../../ui/DisclosureButton';
import { formatBankDate } from '../../../ui/formatBankDate';
import { formatMoney } from '../../../ui/formatMoney';
import { chartShapes } from './chartGeometry';
import { summarizeSeries } from './chartSummary';

/** The drawing's own units: the SVG stretches to its box, so these fix only the proportions. */
const VIEW_WIDTH = 300;

/**
 * A balance over days as a filled line, drawn as SVG, with its text alternative: the image is named
 * by a summary (first and last figures, lowest and highest, with their dates), and a disclosure
 * opens the table of every day's figure.
 */
export function AreaChart({
  title,
  days,
  values,
  currency,
  size,
}: {
  title: string;
  days: readonly string[];
  values: readonly string[];
  currency: Currency;
  size: 'small' | 'large';
}) {
  const { t, i18n } = useTranslation('accounts');
  const language = i18n.resolvedLanguage ?? 'en';
  const [tableOpen, setTableOpen] = useState(false);
  const id = useId();
  const summary = summarizeSeries(days, values, currency);
  if (!summary) return null;
  const viewHeight = size === 'large' ? 100 : 60;
  const { line, area } = chartShapes(values, VIEW_WIDTH, viewHeight);
  const money = (value: string) => formatMoney(value, currency, language);
  const description = t('charts.summary', {
    title,
    first: money(summary.first.value),
    firstDay: formatBankDate(summary.first.day),
    last: money(summary.last.value),
    lastDay: formatBankDate(summary.last.day),
    lowest: money(summary.lowest.value),
    lowestDay: formatBankDate(summary.lowest.day),
    highest: money(summary.highest.value),
    highestDay: formatBankDate(summary.highest.day),
  });
  return (
    <figure className={`balance-chart balance-chart--${size}`} data-days={days.length}>
      <svg
        className="balance-chart__drawing"
        role="img"
        aria-labelledby={`${id}-title`}
        viewBox={`0 0 ${VIEW_WIDTH} ${viewHeight}`}
        preserveAspectRatio="none"
        focusable="false"
      >
        <title id={`${id}-title`}>{description}</title>
        <path className="balance-chart__area" d={area} />
        <path className="balance-chart__line" d={line} vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="balance-chart__axis">
        <span>{formatBankDate(summary.first.day)}</span>
        <span>{formatBankDate(summary.last.day)}</span>
      </figcaption>
      <DisclosureButton controls={`${id}-table`} expanded={tableOpen} className="balance-chart__toggle" onToggle={() => setTableOpen(!tableOpen)}>
        {tableOpen ? t('charts.table.hide') : t('charts.table.show')}
      </DisclosureButton>
      <div id={`${id}-table`} className="balance-chart__table" hidden={!tableOpen}>
        {tableOpen ? (
          <table className="data-table">
            <caption>{t('charts.table.caption', { title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('charts.table.date')}</th>
                <th scope="col">{t('charts.table.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{formatBankDate(day)}</th>
                  <td>{money(values[index]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </figure>
  );
}
