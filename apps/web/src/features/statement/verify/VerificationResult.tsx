import type { StatementVerification } from '@bank/contracts/statement/verify';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/formatDateTime';
import { formatMoney } from '../../../ui/formatMoney';

/** A calendar day ('YYYY-MM-DD') as the language writes it. */
function formatDay(day: string, language: string): string {
  if (!language.startsWith('ru')) return day;
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/**
 * The verdict: for an uploaded file, genuine and unchanged; for a code, what the bank issued under
 * it (the balances too), to compare with the copy in hand, since a code alone says nothing of a
 * copy's contents. Or not genuine, and why.
 */
export function VerificationResult({ answer, byFile }: { answer: StatementVerification; byFile: boolean }) {
  const { t, i18n } = useTranslation('verify');
  const statement = answer.statement;
  const period = statement
    ? statement.period.firstDay || statement.period.lastDay
      ? t('details.periodRange', {
          from: statement.period.firstDay ? formatDay(statement.period.firstDay, i18n.language) : '…',
          to: statement.period.lastDay ? formatDay(statement.period.lastDay, i18n.language) : '…',
        })
      : t('details.allTime')
    : '';
  return (
    <div
      className={`verify-result ${answer.genuine ? 'verify-result--genuine' : 'verify-result--forged'}`}
      role={answer.genuine ? 'status' : 'alert'}
    >
      <p className="verify-result__verdict">{answer.genuine ? (byFile ? t('genuine') : t('issued')) : t('notGenuine')}</p>
      {answer.genuine && !byFile ? <p className="verify-result__reason">{t('compare')}</p> : null}
      {!answer.genuine && <p className="verify-result__reason">{t(`reasons.${answer.reason}`)}</p>}
      {statement && (
        <dl className="verify-result__details">
          <dt>{t('details.code')}</dt>
          <dd>{statement.code}</dd>
          <dt>{t('details.holder')}</dt>
          <dd>{statement.holderMasked}</dd>
          <dt>{t('details.account')}</dt>
          <dd>
            {statement.accountNumber} ({statement.currency})
          </dd>
          <dt>{t('details.period')}</dt>
          <dd>{period}</dd>
          <dt>{t('details.issued')}</dt>
          <dd>{formatDateTime(statement.issuedAt, i18n.language)}</dd>
          <dt>{t('details.opening')}</dt>
          <dd>{formatMoney(statement.openingBalance, statement.currency, i18n.language)}</dd>
          <dt>{t('details.credit')}</dt>
          <dd>{formatMoney(statement.creditTurnover, statement.currency, i18n.language)}</dd>
          <dt>{t('details.debit')}</dt>
          <dd>{formatMoney(statement.debitTurnover, statement.currency, i18n.language)}</dd>
          <dt>{t('details.closing')}</dt>
          <dd>{formatMoney(statement.closingBalance, statement.currency, i18n.language)}</dd>
          <dt>{t('details.rows')}</dt>
          <dd>{statement.rowCount}</dd>
        </dl>
      )}
    </div>
  );
}
