import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatAmount } from '../../ui/formatMoney';
import { formatRowDate, statusKey, typeKey } from './labels';
import { SignedAmount, StatementRows } from './StatementRows';

function Party({ name, account }: { name: string | null; account: string }) {
  return (
    <>
      {name ? <span className="statement-party__name">{name}</span> : null}
      <span className="statement-party__account">{formatAccountNumber(account)}</span>
    </>
  );
}

/** The statement's rows with every column of SPEC's statement row, in a table or as phone cards. */
export function StatementTable({ rows, caption }: { rows: readonly StatementRow[]; caption: string }) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatAmount(amount, language);
  return (
    <StatementRows
      rows={rows}
      caption={caption}
      language={language}
      rowKey={(row) => `${row.transactionNumber}-${row.direction}-${row.accountNumber}`}
      columns={
        <>
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
        </>
      }
      cells={(row) => (
        <>
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
        </>
      )}
      facts={(row) => (
        <>
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
        </>
      )}
    />
  );
}
