import type { Generated } from 'kysely';

/** The outbox (migration 0079): every mail, from the act that caused it to its delivery. */
export interface MailTables {
  outgoing_mail: {
    id: Generated<string>;
    recipient: string;
    subject: string;
    /** The text and HTML bodies, sealed (lib/crypto.ts); null once delivered. */
    sealed_body: string | null;
    created_at: Generated<Date>;
    attempts: Generated<number>;
    last_error: string | null;
    delivered_at: Date | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends MailTables {}
}
