import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatAmount } from '../../ui/formatMoney';
import { formatRowDate, statusKey, typeKey } from './labels';

/** SPEC §2: incoming amounts green with a plus, outgoing red with a minus. */
export function SignedAmount({ row, language }: { row: StatementRow; language: string }) {
  const incoming = row.direction === 'IN';
  return (
    <span className={`statement-amount statement-amount--${incoming ? 'in' : 'out'}`}>
      {incoming ? '+' : '\u2212'}
      {formatAmount(row.amount, language)}
    </span>
  );
}

function Party({ name, account }: { name: string | null; account: string }) {
  return (
    <>
      {name ? <span className="statement-party__name">{name}</span> : null}
      <span className="statement-party__account">{formatAccountNumber(account)}</span>
    </>
  );
}

/**
 * The statement's rows with every column of SPEC's statement row: a table that scrolls inside its
 * own frame on wide screens, one card per row on phones (the stylesheet shows one or the other).
 */
export function StatementTable({ rows, caption }: { rows: readonly StatementRow[]; caption: string }) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const captionId = useId();
  const money = (amount: string) => formatAmount(amount, language);
  return (
    <>
      <div className="statement-table-frame" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="statement-table">
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.date')}</th>
              <th scope="col">{t('columns.transactionNumber')}</th>
              <th scope="col">{t('columns.sender')}</th>
              <th scope="col">{t('columns.recipient')}</th>
              <th scope="col">{t('columns.type')}</th>
              <th scope="col">{t('columns.purpose')}</th>
              <th scope="col" className="statement-table__number">{t('columns.amount')}</th>
              <th scope="col">{t('columns.currency')}</th>
              <th scope="col">{t('columns.direction')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col" className="statement-table__number">{t('columns.openingBalance')}</th>
              <th scope="col" className="statement-table__number">{t('columns.creditTurnover')}</th>
              <th scope="col" className="statement-table__number">{t('columns.debitTurnover')}</th>
              <th scope="col" className="statement-table__number">{t('columns.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.transactionNumber}-${row.direction}-${row.accountNumber}`}>
                <td className="statement-table__date">{formatRowDate(row.created)}</td>
                <td>{row.transactionNumber}</td>
                <td className="statement-party">
                  <Party name={row.senderName} account={row.sender} />
                </td>
                <td className="statement-party">
                  <Party name={row.recipientName} account={row.recipient} />
                </td>
                <td>{t(typeKey(row.type))}</td>
                <td className="statement-table__purpose">{row.purpose ?? ''}</td>
                <td className="statement-table__number">
                  <SignedAmount row={row} language={language} />
                </td>
                <td>{row.currency}</td>
                <td>{t(row.direction === 'IN' ? 'directions.IN' : 'directions.OUT')}</td>
                <td>{t(statusKey(row.status))}</td>
                <td className="statement-table__number">{money(row.openingBalance)}</td>
                <td className="statement-table__number">{money(row.creditTurnover)}</td>
                <td className="statement-table__number">{money(row.debitTurnover)}</td>
                <td className="statement-table__number">{money(row.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="statement-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={`${row.transactionNumber}-${row.direction}-${row.accountNumber}`} className="statement-card">
            <div className="statement-card__head">
              <span className="statement-card__date">{formatRowDate(row.created)}</span>
              <span className="statement-card__amount">
                <SignedAmount row={row} language={language} /> {row.currency}
              </span>
            </div>
            <dl className="statement-card__facts">
              <dt>{t('columns.transactionNumber')}</dt>
              <dd>{row.transactionNumber}</dd>
              <dt>{t('columns.sender')}</dt>
              <dd className="statement-party">
                <Party name={row.senderName} account={row.sender} />
              </dd>
              <dt>{t('columns.recipient')}</dt>
              <dd className="statement-party">
                <Party name={row.recipientName} account={row.recipient} />
              </dd>
              <dt>{t('columns.type')}</dt>
              <dd>{t(typeKey(row.type))}</dd>
              {row.purpose ? (
                <>
                  <dt>{t('columns.purpose')}</dt>
                  <dd>{row.purpose}</dd>
                </>
              ) : null}
              <dt>{t('columns.direction')}</dt>
              <dd>{t(row.direction === 'IN' ? 'directions.IN' : 'directions.OUT')}</dd>
              <dt>{t('columns.status')}</dt>
              <dd>{t(statusKey(row.status))}</dd>
              <dt>{t('columns.openingBalance')}</dt>
              <dd>{money(row.openingBalance)}</dd>
              <dt>{t('columns.creditTurnover')}</dt>
              <dd>{money(row.creditTurnover)}</dd>
              <dt>{t('columns.debitTurnover')}</dt>
              <dd>{money(row.debitTurnover)}</dd>
              <dt>{t('columns.balance')}</dt>
              <dd>{money(row.balance)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}
