import type { StatementVerification } from '@bank/contracts/statement/verify';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/formatDateTime';

/** A calendar day ('YYYY-MM-DD') as the language writes it. */
function formatDay(day: string, language: string): string {
  if (!language.startsWith('ru')) return day;
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** The verdict: genuine and unchanged (with what was issued), or not genuine and why. */
export function VerificationResult({ answer }: { answer: StatementVerification }) {
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
      <p className="verify-result__verdict">{answer.genuine ? t('genuine') : t('notGenuine')}</p>
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
          <dt>{t('details.rows')}</dt>
          <dd>{statement.rowCount}</dd>
        </dl>
      )}
    </div>
  );
}
