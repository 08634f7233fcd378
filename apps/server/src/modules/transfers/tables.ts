import type { ColumnType, Generated } from 'kysely';
import type { Direction, TransactionReference, TransactionStatus } from '@bank/contracts';

export type TransferKind = 'internal' | 'international' | 'exchange' | 'incoming';

/** A DATE column: written as 'YYYY-MM-DD', read back as a Date by the drivers. */
type DateColumn = ColumnType<Date | string, string | null | undefined, string | null>;

/** Transfers and per-side transaction rows (migration 0022). */
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
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
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
    created_at: Generated<Date>;
  };
}
