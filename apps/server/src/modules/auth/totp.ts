import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@bank/contracts/backoffice/sign-in';
import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db';
import type { OpenedSecret } from '../../lib/crypto';

/**
 * Authenticator-app codes (RFC 6238) through otplib: SHA-1, 6 digits, 30 s steps, one step of
 * clock drift either way. A code is accepted only for a time step later than the last one
 * accepted, so each code works once.
 */
/** The names an authenticator app lists the bank's entries under. */
export const TOTP_ISSUERS = { operator: 'Meridian Bank Back Office', client: 'Meridian Bank' } as const;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The time step of a valid code (later than `afterStep`), or null. */
export async function acceptedStep(secret: string, code: string, afterStep: number | null, epochSeconds?: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Spends a code's time step for an operator or a client: true when the step moved forward. Two
 * requests with one code race here, and only the one that moves the step wins. A secret that the
 * previous APP_SECRET opened is sealed anew under the current one by the same update.
 */
export async function spendTimeStep(db: Db, table: 'operators' | 'clients', id: string, step: number, secret?: OpenedSecret): Promise<boolean> {
  const reseal = secret?.stale ? sql`, totp_secret = ${secret.resealed}` : sql``;
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)} set totp_last_step = ${step}${reseal}
    where id = ${id} and (totp_last_step is null or totp_last_step < ${step})
    returning id`.execute(db);
  return rows.length > 0;
}
