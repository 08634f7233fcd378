import type { CardStatus, CardType, DeliveryAddress } from '@bank/contracts/cards/cards';
import type { ColumnType, Generated } from 'kysely';

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
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends CardTables {}
}
