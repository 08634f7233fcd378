import type { CardStatus, CardType, DeliveryAddress } from '@bank/contracts/cards/cards';
import type { CardDeclineReason } from '@bank/contracts/cards/network';
import type { ColumnType, Generated } from 'kysely';
import type { InstantColumn } from '../../db/instant';

/** Debit cards (migration 0099). NUMERIC columns read as strings. */
export interface CardTables {
  cards: {
    id: Generated<string>;
    client_id: string;
    account_id: string;
    type: CardType;
    status: CardStatus;
    pan_sealed: string;
    pan_hash: string;
    last4: string;
    expiry_month: number;
    expiry_year: number;
    delivery_address: ColumnType<DeliveryAddress | null, string | null, string | null>;
    limit_per_transaction: string;
    limit_monthly: string;
    online_allowed: Generated<boolean>;
    countries_blocked: Generated<string[]>;
    replaces: string | null;
    blocked_reason: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** Every authorisation the card network asked for (migration 0100). */
  card_authorizations: {
    id: string;
    card_id: string | null;
    client_id: string | null;
    message_id: string;
    status: 'Declined' | 'Pending' | 'Cleared' | 'Reversed' | 'Expired';
    decline_reason: CardDeclineReason | null;
    amount: string;
    currency: string;
    held_usd: string | null;
    rate: string | null;
    cleared_usd: string | null;
    merchant_name: string;
    merchant_mcc: string;
    merchant_country: string;
    merchant_city: string;
    channel: 'online' | 'pos';
    operation_id: string | null;
    hold_id: string | null;
    created_at: InstantColumn;
    closed_at: Date | null;
  };
  /** Every message of the card network by its id, with the answer it was given (migration 0100). */
  card_network_messages: {
    message_id: string;
    kind: 'authorization' | 'clearing' | 'reversal' | 'refund';
    body_hash: string;
    response: ColumnType<unknown, string, string>;
    created_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends CardTables {}
}
