import type { Generated } from 'kysely';
import type { MailKind } from '../../lib/mailer';

/** The outbox (migrations 0079, 0095): every mail, from the act that caused it to its delivery. */
export interface MailTables {
  outgoing_mail: {
    id: Generated<string>;
    recipient: string;
    subject: string;
    /** A code its reader waits for, delivered before the notices (outbox.ts); a notice unless said. */
    kind: Generated<MailKind>;
    /** The text and HTML bodies, sealed (lib/crypto.ts); null once delivered. */
    sealed_body: string | null;
    created_at: Generated<Date>;
    attempts: Generated<number>;
    last_error: string | null;
    /** Until when a delivery under way holds the mail (outbox.ts): no other sends it meanwhile. */
    claimed_until: Date | null;
    delivered_at: Date | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends MailTables {}
}
