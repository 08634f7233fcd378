import type { StatementLanguage } from './statement-query';
import type { StatementRow } from './statement-row';

/** The columns of a statement row in the order of docs/product.md#screens-and-routes: the CSV file's columns and the table's. */
export const STATEMENT_COLUMNS = [
  'date',
  'transactionNumber',
  'sender',
  'recipient',
  'type',
  'purpose',
  'amount',
  'currency',
  'direction',
  'status',
  'openingBalance',
  'creditTurnover',
  'debitTurnover',
  'balance',
] as const satisfies ReadonlyArray<'date' | keyof StatementRow>;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/**
 * Column headings of the CSV file in each language. The server writes the file, so the headings
 * live here rather than in the web app's translation files.
 */
export const STATEMENT_COLUMN_HEADINGS: Readonly<Record<StatementLanguage, Readonly<Record<StatementColumn, string>>>> = {
  en: {
    date: 'Date',
    transactionNumber: 'Transfer number',
    sender: 'Sender',
    recipient: 'Recipient',
    type: 'Type',
    purpose: 'Payment purpose',
    amount: 'Amount',
    currency: 'Currency',
    direction: 'Direction',
    status: 'Status',
    openingBalance: 'Opening balance',
    creditTurnover: 'Credit turnover',
    debitTurnover: 'Debit turnover',
    balance: 'Fiat balance',
  },
  ru: {
    date: 'Дата',
    transactionNumber: 'Номер перевода',
    sender: 'Отправитель',
    recipient: 'Получатель',
    type: 'Тип',
    purpose: 'Назначение платежа',
    amount: 'Сумма',
    currency: 'Валюта',
    direction: 'Направление',
    status: 'Статус',
    openingBalance: 'Входящий остаток',
    creditTurnover: 'Оборот по кредиту',
    debitTurnover: 'Оборот по дебету',
    balance: 'Остаток',
  },
};
