import type { StatementAccountSummary, StatementPeriodAnswer, StatementRow } from '@bank/contracts/statement/statement-row';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth';
import { formatAccountNumber, formatAmount } from '../../ui/formatMoney';
import { formatRowDate, purposeText, rowStatusKey, typeKey } from './labels';
import { StatementSummary } from './StatementSummary';

function periodText(period: StatementPeriodAnswer | null, allTime: string): string {
  if (!period || (!period.firstDay && !period.lastDay)) return allTime;
  const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : '…');
  return `${day(period.firstDay)} – ${day(period.lastDay)}`;
}

/**
 * The printed statement (PDF through the print dialog): hidden on screen, alone on the page in
 * print. A header with the client's details, the account, the period and its balances, then the
 * rows in a compact table laid out for A4 (landscape: fourteen columns).
 */
export function StatementPrint({
  rows,
  accounts,
  period,
  accountNumber,
  complete,
}: {
  rows: readonly StatementRow[];
  accounts: readonly StatementAccountSummary[];
  period: StatementPeriodAnswer | null;
  accountNumber: string;
  complete: boolean;
}) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const user = useAppSelector(selectUser);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.companyName || '';
  return (
    <section className="statement-print" aria-hidden="true">
      <header className="statement-print__header">
        <div className="statement-print__bank">
          <strong>{t('print.bank')}</strong>
          <span>{t('print.title')}</span>
        </div>
        <dl className="statement-print__details">
          <div>
            <dt>{t('print.client')}</dt>
            <dd data-print="client">{name}</dd>
          </div>
          {user.companyName && name !== user.companyName ? (
            <div>
              <dt>{t('print.company')}</dt>
              <dd>{user.companyName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('print.clientId')}</dt>
            <dd data-print="clientId">{user.clientId ?? ''}</dd>
          </div>
          <div>
            <dt>{t('print.email')}</dt>
            <dd data-print="email">{user.email ?? ''}</dd>
          </div>
          <div>
            <dt>{t('print.account')}</dt>
            <dd data-print="account">{accountNumber ? formatAccountNumber(accountNumber) : t('print.allAccounts')}</dd>
          </div>
          <div>
            <dt>{t('print.period')}</dt>
            <dd data-print="period">{periodText(period, t('print.allTime'))}</dd>
          </div>
          <div>
            <dt>{t('print.generated')}</dt>
            <dd>{new Date().toLocaleString('ru-RU')}</dd>
          </div>
        </dl>
        <StatementSummary accounts={accounts} headingLevel={4} />
        {complete ? null : <p className="statement-print__note">{t('print.partial', { rows: rows.length })}</p>}
      </header>
      <table className="statement-print__table">
        <thead>
          <tr>
            <th>{t('columns.date')}</th>
            <th>{t('columns.transactionNumber')}</th>
            <th>{t('columns.sender')}</th>
            <th>{t('columns.recipient')}</th>
            <th>{t('columns.type')}</th>
            <th>{t('columns.purpose')}</th>
            <th>{t('columns.amount')}</th>
            <th>{t('columns.currency')}</th>
            <th>{t('columns.direction')}</th>
            <th>{t('columns.status')}</th>
            <th>{t('columns.openingBalance')}</th>
            <th>{t('columns.creditTurnover')}</th>
            <th>{t('columns.debitTurnover')}</th>
            <th>{t('columns.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.transactionNumber}-${row.direction}-${row.accountNumber}`}>
              <td>{formatRowDate(row.created)}</td>
              <td>{row.transactionNumber}</td>
              <td>{[row.senderName, formatAccountNumber(row.sender)].filter(Boolean).join(' ')}</td>
              <td>{[row.recipientName, formatAccountNumber(row.recipient)].filter(Boolean).join(' ')}</td>
              <td>{t(typeKey(row.type))}</td>
              <td>{purposeText(row.purpose, t)}</td>
              <td className={row.direction === 'IN' ? 'statement-amount--in' : 'statement-amount--out'}>
                {row.direction === 'IN' ? '+' : '\u2212'}
                {formatAmount(row.amount, language)}
              </td>
              <td>{row.currency}</td>
              <td>{t(row.direction === 'IN' ? 'directions.IN' : 'directions.OUT')}</td>
              <td>{t(rowStatusKey(row))}</td>
              <td>{formatAmount(row.openingBalance, language)}</td>
              <td>{formatAmount(row.creditTurnover, language)}</td>
              <td>{formatAmount(row.debitTurnover, language)}</td>
              <td>{formatAmount(row.balance, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
