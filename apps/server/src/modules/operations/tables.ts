import type { ColumnType, Generated } from 'kysely';
import type { InstantColumn, InstantText } from '../../db/instant';
import type { Direction, TransactionReference, TransactionStatus } from '@bank/contracts';
import type { StoredDetails, TransferKind } from './operation-details';

export type { TransferKind } from './operation-details';

/** What a wallet's side row is part of (migration 0061). */
export type WalletSideKind = 'transfer' | 'internal' | 'deposit' | 'conversion';

/**
 * The history of operations (migration 0093): one operations row per operation, with what every
 * operation has and its kind's own details (operation-details.ts), and one statement row per side
 * of it as its owner sees it, on a fiat account or a wallet alike.
 */
export interface TransferTables {
  operations: {
    id: string;
    /** What the client and the bank call it (the transaction number). */
    number: string;
    kind: TransferKind;
    status: TransactionStatus;
    /** The bank's reason when it did not go through (a denial, a failed run), shown to the client. */
    status_reason: Generated<string | null>;
    /** The client who asked for it (for money coming in: the client credited). */
    client_id: string;
    amount: string;
    currency: string;
    fee: Generated<string>;
    /** Who or what is on the other side, as the operation names it. */
    counterparty: string;
    created_at: InstantColumn;
    updated_at: InstantColumn;
    /** When its money was booked (its postings' instant); null while nothing is. */
    booked_at: ColumnType<Date | null, InstantText | Date | null | undefined, InstantText | Date | null>;
    /** What only its kind has, checked against its kind's schema (JSON text when written). */
    details: ColumnType<StoredDetails, string, string>;
  };
  /** One side of an operation as its owner sees it: on a fiat account (account_id) or a wallet (wallet_id). */
  statement_rows: {
    id: Generated<string>;
    operation_id: string;
    client_id: string;
    account_id: string | null;
    wallet_id: string | null;
    direction: Direction;
    from_account: string;
    to_account: string;
    /** The name shown for the other side (a wallet row's counterparty). */
    recipient: string;
    amount: string;
    currency: string;
    fee: Generated<string>;
    /** An account's booked balance right after the row, at its statement place; null on a wallet row. */
    balance_after: string | null;
    /** An account row's transaction type; a wallet row's kind (WalletSideKind). */
    transaction_type: string;
    /** An account row's reference; null on a wallet row. */
    reference: TransactionReference | null;
    /** The payer's own name for the transfer, on the payer's row only. */
    template_name: string | null;
    /** The line the statement shows and searches: the operation's purpose, else its reference text. */
    description: string | null;
    /** The operation's number and status: written with the row, and the status kept by the operation's trigger (migration 0094). */
    number: ColumnType<string, string, never>;
    status: ColumnType<TransactionStatus, TransactionStatus, never>;
    /** When the operation was made. */
    created_at: InstantColumn;
    /** When the row's money was booked (its postings' instant); null while pending, and for ever once denied or canceled. */
    booked_at: ColumnType<Date | null, InstantText | Date | null | undefined, InstantText | Date | null>;
    /** The row's place on the statement: booked_at, or created_at while nothing is booked (generated). */
    statement_at: ColumnType<Date, never, never>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends TransferTables {}
}
