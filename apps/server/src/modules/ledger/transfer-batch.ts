import { formatMinor, type Currency } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { instantOfDate } from '../../db/instant';
import { fixedStatement } from '../../db/fixed-statement';
import type { MoneyAnswer, IdempotencyClaim } from './group-commit';
import type { EntryRefusal, LedgerAccountId } from './ledger';

/**
 * Internal transfers written in one call of the database's `internal_transfers_batch` (migration
 * 0101): the keys' claims, the ledger's locks, checks, entries and balances, and the transfers'
 * records, for a whole batch. Called outside a transaction it is a transaction of its own, one
 * round trip for the batch; inside one (a batch shared with other kinds) it takes part in it. The
 * ledger's rules hold as in postEntries (ledger.ts), which the migration follows step by step.
 */

/** One side of a transfer: its client account, and the ledger account behind it. */
export interface TransferBatchSide {
  clientId: string;
  accountId: string;
  number: string;
  ledgerAccountId: LedgerAccountId;
}

/** One internal transfer of a batch, with what its records show. */
export interface TransferBatchItem {
  transferId: string;
  payer: TransferBatchSide;
  payee: TransferBatchSide;
  currency: Currency;
  amountMinor: bigint;
  /** The name shown for the payee on the operation and both statement rows. */
  recipient: string;
  /** The payer's own label (only the payer's rows carry it). */
  templateName: string | null;
  /** The line the statement shows for it. */
  description: string | null;
  /** The operation's details, as JSON (operations/operation-details.ts). */
  details: string;
  /** When it happened, if not now (demo history only). */
  postedAt?: Date;
  /** Its Idempotency-Key, when the call claims the keys itself (outside a transaction). */
  claim?: IdempotencyClaim;
}

export type TransferBatchOutcome =
  | { outcome: 'written'; transactionNumber: string }
  | { outcome: 'replayed'; answer: MoneyAnswer }
  | { outcome: 'conflict' }
  | { outcome: EntryRefusal };

const VALUE_NAMES = [
  'keyOwners',
  'keyTexts',
  'keyHashes',
  'answerStatus',
  'answerBody',
  'transferIds',
  'payerLedgers',
  'payeeLedgers',
  'currencies',
  'amounts',
  'payerClients',
  'payeeClients',
  'payerAccounts',
  'payeeAccounts',
  'payerNumbers',
  'payeeNumbers',
  'recipients',
  'templates',
  'descriptions',
  'details',
  'postedAts',
] as const;

const TYPES: Record<(typeof VALUE_NAMES)[number], string> = {
  keyOwners: 'uuid[]',
  keyTexts: 'text[]',
  keyHashes: 'text[]',
  answerStatus: 'integer',
  answerBody: 'jsonb',
  transferIds: 'uuid[]',
  payerLedgers: 'bigint[]',
  payeeLedgers: 'bigint[]',
  currencies: 'text[]',
  amounts: 'numeric[]',
  payerClients: 'uuid[]',
  payeeClients: 'uuid[]',
  payerAccounts: 'uuid[]',
  payeeAccounts: 'uuid[]',
  payerNumbers: 'text[]',
  payeeNumbers: 'text[]',
  recipients: 'text[]',
  templates: 'text[]',
  descriptions: 'text[]',
  details: 'jsonb[]',
  postedAts: 'timestamptz[]',
};

const batchStatement = fixedStatement<{ outcome: string; transaction_number: string | null; stored_status: number | null; stored_body: unknown }>(
  (value) => sql`
    select outcome, transaction_number, stored_status, stored_body
    from internal_transfers_batch(${sql.join(VALUE_NAMES.map((name) => sql`${value(name)}::${sql.raw(TYPES[name])}`))})
    order by job`,
);

/**
 * Writes a batch of internal transfers (see above): one outcome per item, in order. `answer` is what
 * a written transfer answers, stored with its key's claim.
 */
export async function writeTransferBatch(db: Db, items: readonly TransferBatchItem[], answer: MoneyAnswer): Promise<TransferBatchOutcome[]> {
  if (items.length === 0) return [];
  const { rows } = await batchStatement(db, {
    keyOwners: items.map((item) => item.claim?.ownerId ?? null),
    keyTexts: items.map((item) => item.claim?.key ?? null),
    keyHashes: items.map((item) => item.claim?.hash ?? null),
    answerStatus: answer.status,
    answerBody: JSON.stringify(answer.body),
    transferIds: items.map((item) => item.transferId),
    payerLedgers: items.map((item) => item.payer.ledgerAccountId),
    payeeLedgers: items.map((item) => item.payee.ledgerAccountId),
    currencies: items.map((item) => item.currency),
    amounts: items.map((item) => formatMinor(item.amountMinor, item.currency)),
    payerClients: items.map((item) => item.payer.clientId),
    payeeClients: items.map((item) => item.payee.clientId),
    payerAccounts: items.map((item) => item.payer.accountId),
    payeeAccounts: items.map((item) => item.payee.accountId),
    payerNumbers: items.map((item) => item.payer.number),
    payeeNumbers: items.map((item) => item.payee.number),
    recipients: items.map((item) => item.recipient),
    templates: items.map((item) => item.templateName),
    descriptions: items.map((item) => item.description),
    details: items.map((item) => item.details),
    postedAts: items.map((item) => (item.postedAt ? instantOfDate(item.postedAt) : null)),
  });
  if (rows.length !== items.length) throw new Error(`internal_transfers_batch answered ${rows.length} of ${items.length} transfers`);
  return rows.map((row): TransferBatchOutcome => {
    switch (row.outcome) {
      case 'written':
        return { outcome: 'written', transactionNumber: row.transaction_number! };
      case 'replayed':
        return { outcome: 'replayed', answer: { status: row.stored_status!, body: row.stored_body } };
      case 'conflict':
      case 'INSUFFICIENT_FUNDS':
      case 'ACCOUNT_CLOSED':
        return { outcome: row.outcome };
      default:
        throw new Error(`internal_transfers_batch answered ${row.outcome}`);
    }
  });
}
