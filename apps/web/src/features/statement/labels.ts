import type { StatementRow } from '@bank/contracts/statement/statement-row';
import { bankPurposeOf, type BankPurpose } from '@bank/contracts/tariffs';
import type { TransactionStatus } from '@bank/contracts/transfers/status';
import type { TransactionType } from '@bank/contracts/transfers/transaction-record';

/** Translation keys of the values the statement shows (types and statuses are the product's identifiers). */
const TYPE_KEYS: Readonly<Record<TransactionType, string>> = {
  Intra: 'types.intra',
  'Europe (SEPA)': 'types.sepa',
  'International (SWIFT)': 'types.swift',
  'International (Pan Africa)': 'types.panAfrica',
  Exchange: 'types.exchange',
  ACH: 'types.ach',
  EFT: 'types.eft',
  BACS: 'types.bacs',
  'Domestic Wire': 'types.domesticWire',
  Card: 'types.card',
  Crypto: 'types.crypto',
  INTERAC: 'types.interac',
  'Bill Payment': 'types.billPayment',
};

export function typeKey(type: TransactionType): string {
  return TYPE_KEYS[type];
}

export function statusKey(status: TransactionStatus): string {
  return `statuses.${status}`;
}

/**
 * A row's status as its line reads it: a card payment still New is the merchant's authorisation,
 * holding the money until the merchant clears it (docs/cards.md#the-card-network), and reads so.
 */
export function rowStatusKey(row: { status: TransactionStatus; type: TransactionType }): string {
  return row.type === 'Card' && row.status === 'New' ? 'statuses.cardHeld' : statusKey(row.status);
}

const BANK_PURPOSE_KEYS: Readonly<Record<BankPurpose, string>> = {
  withdrawal: 'bankPurposes.withdrawal',
  maintenance: 'bankPurposes.maintenance',
  highRisk: 'bankPurposes.highRisk',
  depositOpening: 'bankPurposes.depositOpening',
  investigation: 'bankPurposes.investigation',
  policyClosing: 'bankPurposes.policyClosing',
  virtualCard: 'bankPurposes.virtualCard',
  physicalCard: 'bankPurposes.physicalCard',
  depositPlacement: 'bankPurposes.depositPlacement',
  depositInterest: 'bankPurposes.depositInterest',
  depositReturn: 'bankPurposes.depositReturn',
  depositEarlyClosing: 'bankPurposes.depositEarlyClosing',
};

/**
 * A row's purpose as the client reads it: a row of the bank's own (a fee, a deposit's movement,
 * stored under its English name in the tariff) in the screen's language, any other purpose as its payer typed it.
 */
export function purposeText(purpose: string | null, t: (key: string) => string): string {
  const known = bankPurposeOf(purpose);
  return known ? t(BANK_PURPOSE_KEYS[known]) : (purpose ?? '');
}

/** docs/product.md#screens-and-routes: dates in the Russian locale, whatever the language of the screen. */
export function formatRowDate(createdSeconds: number): string {
  return new Date(createdSeconds * 1000).toLocaleString('ru-RU');
}

/**
 * The other side of a row as the client looks for it: who paid an incoming row, who was paid by
 * an outgoing one. The row's own account is the client's and is left to its details.
 */
export function counterpartyOf(row: Pick<StatementRow, 'direction' | 'sender' | 'senderName' | 'recipient' | 'recipientName'>): { name: string | null; account: string } {
  return row.direction === 'IN' ? { name: row.senderName, account: row.sender } : { name: row.recipientName, account: row.recipient };
}
