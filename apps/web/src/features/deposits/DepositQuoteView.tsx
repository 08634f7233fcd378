import type { DepositQuote } from '@bank/contracts/deposits/index';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import { formatAccountNumber, formatAmount, formatMoney } from '../../ui/formatMoney';
import { PayoutTable } from './PayoutTable';

/**
 * Step 2: the bank's quote, as it would open the deposit today: the rate and the client's tier, the
 * opening fee in the account's currency with its EUR figure, the total debit, the dates, every
 * payout with its exact amount, the total interest, and the early closing rule with its most cost.
 * The bank opens the deposit on exactly these figures; when they changed before the confirmation
 * (the rates, the bank's day), it answers with new ones, shown here with a notice.
 */
export function DepositQuoteView({
  quote,
  changed,
  busy,
  onBack,
  onConfirm,
}: {
  quote: DepositQuote;
  /** The bank refused the quote confirmed before: this is its new one. */
  changed: boolean;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('deposits');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatMoney(amount, quote.currency, language);
  const fee = formatMoney(quote.openingFee.amount, quote.openingFee.currency, language);
  const rows: Array<{ key: string; label: string; value: string; hint?: string; strong?: boolean }> = [
    { key: 'amount', label: t('quote.amount'), value: money(quote.amount) },
    { key: 'account', label: t('quote.account'), value: formatAccountNumber(quote.accNumberFrom) },
    { key: 'rate', label: t('quote.rate'), value: formatAmount(quote.rate, language), hint: t(`quote.tiers.${quote.historyTier}`) },
    { key: 'term', label: t('quote.term'), value: String(quote.termMonths) },
    { key: 'payout', label: t('quote.payout'), value: t(`payoutPeriods.${quote.payoutMonths}`) },
    { key: 'openingDate', label: t('quote.openingDate'), value: formatBankDate(quote.openingDate) },
    { key: 'maturityDate', label: t('quote.maturityDate'), value: formatBankDate(quote.maturityDate) },
    {
      key: 'fee',
      label: t('quote.fee'),
      value: quote.openingFee.currency === 'EUR' ? fee : t('quote.feeInEur', { fee, eur: formatMoney(quote.openingFee.eurAmount, 'EUR', language) }),
    },
    { key: 'totalDebit', label: t('quote.totalDebit'), value: money(quote.totalDebit), strong: true },
    { key: 'totalInterest', label: t('quote.totalInterest'), value: money(quote.totalInterest), strong: true },
  ];
  return (
    <div className="deposit-quote">
      {changed ? (
        <p className="deposit-notice" role="alert">
          {t('quote.changed')}
        </p>
      ) : null}
      <p className="deposit-card__lead">{t('quote.lead')}</p>
      <dl className="deposit-summary">
        {rows.map((row) => (
          <div key={row.key} className={`deposit-summary__row summary-list__row ${row.strong ? 'deposit-summary__row--strong' : ''}`} data-row={row.key}>
            <dt>
              {row.label}
              {row.hint ? <span className="deposit-summary__hint">{row.hint}</span> : null}
            </dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <PayoutTable payouts={quote.payouts} currency={quote.currency} caption={t('quote.schedule.caption')} total={quote.totalInterest} />
      <p className="deposit-note">{t('quote.accrual')}</p>
      <section className="deposit-rule" aria-labelledby="deposit-quote-rule">
        <h3 id="deposit-quote-rule">{t('earlyClosing.title')}</h3>
        <p>{t('earlyClosing.rule')}</p>
        <p className="deposit-rule__cost">{t('earlyClosing.maxCost', { amount: money(quote.earlyClosing.maxForfeit) })}</p>
      </section>
      <div className="deposit-form__actions form-actions">
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          {t('quote.back')}
        </button>
        <button type="button" className="button" onClick={onConfirm} disabled={busy}>
          {busy ? t('quote.opening') : t('quote.confirm')}
        </button>
      </div>
    </div>
  );
}
