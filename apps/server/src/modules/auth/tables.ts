import type { OperatorStatus } from '@bank/contracts/backoffice/operators';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import type { ColumnType, Generated } from 'kysely';

export type AccountType = 'personal' | 'business';
export type KycStatus = 'New' | 'Approved' | 'Rejected';

export interface IdentityTables {
  clients: {
    id: Generated<string>;
    client_number: Generated<string>;
    email: string;
    phone: string;
    password_hash: string;
    account_type: Generated<AccountType>;
    email_verified: Generated<boolean>;
    kyc_status: KycStatus | null;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    salutation: string | null;
    call_phone: string | null;
    fax: string | null;
    address: string | null;
    city: string | null;
    country: string | null;
    post_code: string | null;
    state_or_province: string | null;
    /** The language the client reads: the bank's mails are written in it. */
    language: Generated<'en' | 'ru'>;
    /** The authenticator app (two-factor.ts): secrets sealed, the last time step accepted. */
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_enabled_at: Date | null;
    totp_last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
    created_at: Generated<Date>;
    /** When the bank closed the client (migration 0098): from then on the client signs in to the closure alone. */
    closed_by_bank_at: Generated<Date | null>;
  };
  client_recovery_codes: {
    id: Generated<string>;
    client_id: string;
    code_hash: string;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
  operators: {
    id: Generated<string>;
    email: string;
    /** Null until the operator sets one through an enrolment link (and again after a reset). */
    password_hash: string | null;
    full_name: string;
    roles: Generated<OperatorRole[]>;
    status: Generated<OperatorStatus>;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_enrolled_at: Date | null;
    totp_last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
    created_at: Generated<Date>;
  };
  /** Single-use enrolment links of operators (backoffice/enrolment.ts), as keyed hashes. */
  operator_enrolment_links: {
    id: Generated<string>;
    operator_id: string;
    token_hash: string;
    created_at: Generated<Date>;
    expires_at: Date;
    spent_at: Date | null;
    revoked_at: Date | null;
  };
  sessions: {
    id: Generated<string>;
    token_hash: string;
    subject_type: 'client' | 'operator';
    subject_id: string;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    idle_expires_at: Date;
    absolute_expires_at: Date;
    revoked_at: Date | null;
    /** The browser and address the session was opened from, shown in the client's list of sessions. */
    user_agent: string | null;
    ip: string | null;
  };
  /** The devices a client signed in from, known by the keyed hash of a token in a cookie (devices.ts). */
  client_devices: {
    id: Generated<string>;
    client_id: string;
    token_hash: string;
    user_agent: string | null;
    first_seen_at: Generated<Date>;
    last_seen_at: Generated<Date>;
  };
  login_challenges: {
    id: Generated<string>;
    client_id: string;
    purpose: 'login' | 'registration';
    code_hash: string;
    failed_attempts: Generated<number>;
    created_at: Generated<Date>;
    expires_at: Date;
    closed_at: Date | null;
    closed_reason: 'used' | 'burned' | 'replaced' | null;
  };
  auth_counters: {
    bucket: string;
    key: string;
    hits: number;
    window_ends_at: Date;
    blocked_until: Date | null;
  };
  /** A client's passkeys (passkeys.ts): the authenticator's public key under its credential id. */
  client_passkeys: {
    id: Generated<string>;
    client_id: string;
    /** base64url, as the browser gives it. */
    credential_id: string;
    public_key: Uint8Array;
    sign_count: ColumnType<string, number | string | undefined, number | string>;
    transports: Generated<string[]>;
    device_type: 'singleDevice' | 'multiDevice';
    backed_up: Generated<boolean>;
    name: string;
    created_at: Generated<Date>;
    last_used_at: Date | null;
  };
  /** The single-use challenges of the passkey ceremonies, as keyed hashes. */
  webauthn_challenges: {
    id: Generated<string>;
    challenge_hash: string;
    purpose: 'registration' | 'authentication';
    /** The signed-in client a registration belongs to; null for a sign-in. */
    client_id: string | null;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends IdentityTables {}
}
