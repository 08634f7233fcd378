import type { ColumnType, Generated } from 'kysely';
import type { InstantColumn, InstantText } from '../../db/instant';
import type { Direction, TransactionReference, TransactionStatus } from '@bank/contracts';
import type { ApprovalReason } from '@bank/contracts/backoffice/payments';

export type TransferKind = 'internal' | 'international' | 'exchange' | 'incoming' | 'crypto' | 'crypto_internal' | 'crypto_deposit' | 'crypto_conversion' | 'reversal' | 'fee' | 'deposit';

/** What a wallet's side row is part of (migration 0061). */
export type WalletSideKind = 'transfer' | 'internal' | 'deposit' | 'conversion';

/** A DATE column: written as 'YYYY-MM-DD', read back as a Date by the drivers. */
type DateColumn = ColumnType<Date | string, string | null | undefined, string | null>;


/** Transfers and per-side transaction rows (migrations 0022 and 0041). */
export interface TransferTables {
  transfers: {
    id: string;
    transaction_number: string;
    kind: TransferKind;
    status: TransactionStatus;
    client_id: string;
    from_account_id: string | null;
    to_account_id: string | null;
    amount: string;
    currency: string;
    fee: Generated<string>;
    counter_amount: string | null;
    counter_currency: string | null;
    rate: string | null;
    payment_region: string | null;
    purpose: string | null;
    template_name: string | null;
    payment_reference: string | null;
    payment_date: DateColumn | null;
    recipient: string | null;
    recipient_details: unknown;
    hold_id: string | null;
    /** Crypto (migration 0061): the wallets a transfer names where a fiat one names accounts. */
    from_wallet_id: Generated<string | null>;
    to_wallet_id: Generated<string | null>;
    /** The bank's reason for a denial, shown to the client. */
    status_reason: Generated<string | null>;
    /** A crypto deposit's transaction hash on its network (unique). */
    tx_hash: Generated<string | null>;
    /**
     * A transfer waiting for the bank (migration 0072): its EUR value at the mid rate of the day it
     * was made, the approvals it needs and why two; fixed at creation, null for other kinds.
     */
    amount_eur: Generated<string | null>;
    approvals_required: ColumnType<number | null, string | null | undefined, never>;
    approval_reason: ColumnType<ApprovalReason | null, string | null | undefined, never>;
    /** A transfer dated after the day it was made (migration 0080): the bank date it runs on, and the request it was checked as. */
    scheduled_for: DateColumn | null;
    scheduled_request: ColumnType<unknown, string | null | undefined, string | null>;
    /** A standing order's occurrence: its order and date, once each. */
    standing_order_id: Generated<string | null>;
    occurrence_date: DateColumn | null;
    /** A Scheduled transfer's runs failed for a reason of the bank's (migration 0086). */
    run_attempts: Generated<number>;
    created_at: InstantColumn;
    updated_at: InstantColumn;
  };
  /** One side of a crypto operation as the wallet's owner sees it (migration 0061). */
  wallet_transactions: {
    id: Generated<string>;
    transfer_id: string;
    transaction_number: string;
    client_id: string;
    wallet_id: string;
    kind: WalletSideKind;
    direction: Direction;
    counterparty: string;
    amount: string;
    currency: string;
    fee: Generated<string>;
    status: TransactionStatus;
    reference: string | null;
    created_at: InstantColumn;
    booked_at: ColumnType<Date | null, InstantText | Date | null | undefined, InstantText | Date | null>;
  };
  /** Operators' approvals of a pending transfer (migration 0050): two different ones for a large transfer. */
  transfer_approvals: {
    transfer_id: string;
    operator_id: string;
    approved_at: Generated<Date>;
  };
  transactions: {
    id: Generated<string>;
    transfer_id: string;
    transaction_number: string;
    client_id: string;
    account_id: string;
    direction: Direction;
    from_account: string;
    to_account: string;
    recipient: string;
    amount: string;
    currency: string;
    fee: Generated<string>;
    /** The booked balance of account_id right after the row, at its statement place (a pending row's hold does not move it). */
    balance_after: string;
    transaction_type: string;
    reference: TransactionReference;
    status: TransactionStatus;
    purpose: string | null;
    template_name: string | null;
    payment_region: string | null;
    payment_reference: string | null;
    payment_date: DateColumn | null;
    rate: string | null;
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
