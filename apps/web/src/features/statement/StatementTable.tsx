import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatAmount } from '../../ui/formatMoney';
import { clientActionOf, TransferActionButton } from '../schedules';
import { formatRowDate, purposeText, typeKey } from './labels';
import { RowStatus } from './RowStatus';
import { SignedAmount, StatementRows } from './StatementRows';

function Party({ name, account }: { name: string | null; account: string }) {
  return (
    <>
      {name ? <span className="statement-party__name">{name}</span> : null}
      <span className="statement-party__account">{formatAccountNumber(account)}</span>
    </>
  );
}

/**
 * The statement's rows with every column of SPEC's statement row, in a table or as phone cards,
 * and after them what the client may still do to a transfer that has not moved: Cancel a
 * scheduled one, Withdraw an order abroad waiting for the bank. `onChanged` reloads the rows.
 */
export function StatementTable({ rows, caption, onChanged }: { rows: readonly StatementRow[]; caption: string; onChanged: () => void }) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatAmount(amount, language);
  const action = (row: StatementRow) => {
    const kind = clientActionOf(row);
    return kind ? (
      <TransferActionButton
        action={kind}
        transfer={{ transactionNumber: row.transactionNumber, amount: row.amount, currency: row.currency, recipient: row.recipientName ?? formatAccountNumber(row.recipient) }}
        onDone={onChanged}
      />
    ) : null;
  };
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
          <th scope="col">{t('columns.actions')}</th>
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
          <td className="statement-table__purpose">{purposeText(row.purpose, t)}</td>
          <td className="statement-table__number">
            <SignedAmount row={row} language={language} />
          </td>
          <td>{row.currency}</td>
          <td>{t(row.direction === 'IN' ? 'directions.IN' : 'directions.OUT')}</td>
          <td className="statement-status">
            <RowStatus row={row} />
          </td>
          <td className="statement-table__number">{money(row.openingBalance)}</td>
          <td className="statement-table__number">{money(row.creditTurnover)}</td>
          <td className="statement-table__number">{money(row.debitTurnover)}</td>
          <td className="statement-table__number">{money(row.balance)}</td>
          <td>{action(row)}</td>
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
              <dd>{purposeText(row.purpose, t)}</dd>
            </>
          ) : null}
          <dt>{t('columns.direction')}</dt>
          <dd>{t(row.direction === 'IN' ? 'directions.IN' : 'directions.OUT')}</dd>
          <dt>{t('columns.status')}</dt>
          <dd className="statement-status">
            <RowStatus row={row} />
          </dd>
          <dt>{t('columns.openingBalance')}</dt>
          <dd>{money(row.openingBalance)}</dd>
          <dt>{t('columns.creditTurnover')}</dt>
          <dd>{money(row.creditTurnover)}</dd>
          <dt>{t('columns.debitTurnover')}</dt>
          <dd>{money(row.debitTurnover)}</dd>
          <dt>{t('columns.balance')}</dt>
          <dd>{money(row.balance)}</dd>
          {clientActionOf(row) ? (
            <>
              <dt>{t('columns.actions')}</dt>
              <dd>{action(row)}</dd>
            </>
          ) : null}
        </>
      )}
    />
  );
}
