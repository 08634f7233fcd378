import { STATEMENT_COLUMNS, type StatementColumn } from '@bank/contracts/statement/columns';
import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatAmount } from '../../ui/formatMoney';
import { clientActionOf, TransferActionButton } from '../schedules';
import { counterpartyOf, formatRowDate, purposeText, typeKey } from './labels';
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

/** What leads a phone's card rather than standing in its list: the date and the signed amount in its currency. */
const CARD_LEAD = ['date', 'amount', 'currency'] as const satisfies readonly StatementColumn[];
type Listed = Exclude<StatementColumn, (typeof CARD_LEAD)[number]>;

/** The product's fields of a row that a card or a row's details list as terms and details. */
type Fact = Listed | 'actions';

const isListed = (column: StatementColumn): column is Listed => !(CARD_LEAD as readonly StatementColumn[]).includes(column);

/** A phone's card: every other column of the product's statement, in its order, then what the client may do. */
const CARD_FACTS: readonly Fact[] = [...STATEMENT_COLUMNS.filter(isListed), 'actions'];

/**
 * A table row's details: what its line leaves out, and the balance again after the turnovers
 * so that the opening balance, the turnovers and the balance they come to read together.
 */
const DETAIL_FACTS: readonly Fact[] = ['transactionNumber', 'sender', 'recipient', 'type', 'direction', 'openingBalance', 'creditTurnover', 'debitTurnover', 'balance'];

/** The table's line: the disclosure button, then these six. */
const LINE_COLUMNS = 6;

/**
 * The statement's rows: on a desktop a line a client reads at a glance (date, counterparty,
 * purpose, signed amount in its currency, status, balance after) whose details hold the rest of
 * The product's statement row, on phones a card with all of it. What the client may still do to a
 * transfer that has not moved (Cancel a scheduled one, Withdraw an order abroad waiting for the
 * bank) stands under its status. `onChanged` reloads the rows after such an act; without it the rows
 * offer none (a statement the client may only read).
 */
export function StatementTable({ rows, caption, onChanged }: { rows: readonly StatementRow[]; caption: string; onChanged?: () => void }) {
  const { t, i18n } = useTranslation('statement');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatAmount(amount, language);
  const action = (row: StatementRow) => {
    const kind = clientActionOf(row);
    return kind && onChanged ? (
      <TransferActionButton
        action={kind}
        transfer={{ transactionNumber: row.transactionNumber, amount: row.amount, currency: row.currency, recipient: row.recipientName ?? formatAccountNumber(row.recipient) }}
        onDone={onChanged}
      />
    ) : null;
  };
  /** One fact's value, or null where the row has none to show. */
  const value = (row: StatementRow, fact: Fact): ReactNode => {
    switch (fact) {
      case 'transactionNumber':
        return row.transactionNumber;
      case 'sender':
        return <Party name={row.senderName} account={row.sender} />;
      case 'recipient':
        return <Party name={row.recipientName} account={row.recipient} />;
      case 'type':
        return t(typeKey(row.type));
      case 'purpose':
        return row.purpose ? purposeText(row.purpose, t) : null;
      case 'direction':
        return t(row.direction === 'IN' ? 'directions.IN' : 'directions.OUT');
      case 'status':
        return <RowStatus row={row} />;
      case 'openingBalance':
        return money(row.openingBalance);
      case 'creditTurnover':
        return money(row.creditTurnover);
      case 'debitTurnover':
        return money(row.debitTurnover);
      case 'balance':
        return money(row.balance);
      case 'actions':
        return action(row);
    }
  };
  const facts = (row: StatementRow, list: readonly Fact[]) =>
    list.map((fact) => {
      const shown = value(row, fact);
      if (shown === null) return null;
      const className = fact === 'sender' || fact === 'recipient' ? 'statement-party' : fact === 'status' ? 'statement-status' : undefined;
      return (
        <Fragment key={fact}>
          <dt>{t(`columns.${fact}`)}</dt>
          <dd className={className}>{shown}</dd>
        </Fragment>
      );
    });
  return (
    <StatementRows
      rows={rows}
      caption={caption}
      language={language}
      rowKey={(row) => `${row.transactionNumber}-${row.direction}-${row.accountNumber}`}
      columns={
        <>
          <th scope="col">{t('columns.date')}</th>
          <th scope="col">{t('columns.counterparty')}</th>
          <th scope="col">{t('columns.purpose')}</th>
          <th scope="col" className="statement-table__number">{t('columns.amount')}</th>
          <th scope="col">{t('columns.status')}</th>
          <th scope="col" className="statement-table__number">{t('columns.balanceAfter')}</th>
        </>
      }
      cells={(row) => {
        const counterparty = counterpartyOf(row);
        return (
          <>
            <td className="statement-table__date">{formatRowDate(row.created)}</td>
            <td className="statement-party">
              <Party name={counterparty.name} account={counterparty.account} />
            </td>
            <td className="statement-table__purpose">{purposeText(row.purpose, t)}</td>
            <td className="statement-table__number">
              <SignedAmount row={row} language={language} />
              {'\u00a0'}
              {row.currency}
            </td>
            <td className="statement-status">
              <RowStatus row={row} />
              {action(row)}
            </td>
            <td className="statement-table__number">{money(row.balance)}</td>
          </>
        );
      }}
      facts={(row) => facts(row, CARD_FACTS)}
      details={{
        label: (row) => t('details.label', { number: row.transactionNumber }),
        heading: t('details.heading'),
        content: (row) => <dl className="statement-details">{facts(row, DETAIL_FACTS)}</dl>,
        columnCount: LINE_COLUMNS + 1,
      }}
    />
  );
}
