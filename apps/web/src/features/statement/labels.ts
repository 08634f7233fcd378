import { bankFeeOf, type BankFee } from '@bank/contracts/tariffs';
import type { TransactionStatus } from '@bank/contracts/transfers/status';
import type { TransactionType } from '@bank/contracts/transfers/transaction-record';

/** Translation keys of the values the statement shows (types and statuses are SPEC's identifiers). */
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

const BANK_FEE_KEYS: Readonly<Record<BankFee, string>> = {
  withdrawal: 'bankFees.withdrawal',
  maintenance: 'bankFees.maintenance',
};

/**
 * A row's purpose as the client reads it: a fee of the bank's own (stored under its English name
 * in the tariff) in the screen's language, any other purpose as its payer typed it.
 */
export function purposeText(purpose: string | null, t: (key: string) => string): string {
  const fee = bankFeeOf(purpose);
  return fee ? t(BANK_FEE_KEYS[fee]) : (purpose ?? '');
}

/** SPEC §2: dates in the Russian locale, whatever the language of the screen. */
export function formatRowDate(createdSeconds: number): string {
  return new Date(createdSeconds * 1000).toLocaleString('ru-RU');
}
