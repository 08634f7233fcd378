import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import { generate } from 'otplib';
import { createSession, hashPassword, newTotpSecret } from '../modules/auth';
import { sealOperatorTotpSecret } from '../modules/backoffice';
import type { TestContext } from './harness';

export interface TestOperator {
  id: string;
  email: string;
  password: string;
  /** The authenticator secret (base32); null for an operator who has not enrolled. */
  totpSecret: string | null;
  token: string;
  headers: { authorization: string };
}

export const OPERATOR_TEST_PASSWORD = 'OperatorPass2024';
let cachedHash: Promise<string> | undefined;

/**
 * Creates an operator straight in the database with the roles given, active and enrolled unless
 * told otherwise, and a session token for calls (sign-in itself is tested through the API). An
 * operator that is not enrolled is still invited: no password and no authenticator yet.
 */
export async function createSignedInOperator(context: TestContext, roles: OperatorRole[], options: { enrolled?: boolean } = {}): Promise<TestOperator> {
  cachedHash ??= hashPassword(OPERATOR_TEST_PASSWORD);
  const email = `operator-${randomBytes(5).toString('hex')}@bank.test`;
  const totpSecret = options.enrolled === false ? null : newTotpSecret();
  const row = await context.db
    .insertInto('operators')
    .values({
      email,
      full_name: `Operator ${roles.join(' ')}`,
      password_hash: totpSecret ? await cachedHash : null,
      roles,
      status: totpSecret ? 'active' : 'invited',
      totp_secret: totpSecret ? sealOperatorTotpSecret(totpSecret, context.config.secret) : null,
      totp_enrolled_at: totpSecret ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(context.db, context.config.secret, 'operator', row.id);
  return { id: row.id, email, password: OPERATOR_TEST_PASSWORD, totpSecret, token, headers: { authorization: `Bearer ${token}` } };
}

/** The authenticator's code for a secret at a moment (now by default), as an app would show it. */
export function totpCode(secret: string, at: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/**
 * The operators whose decisions take a second one: two of the payments role (a transfer above the
 * threshold needs two approvals) and two admins (a rate past the free band waits for another admin).
 */
export interface FourEyesOperators {
  payments: TestOperator;
  secondPayments: TestOperator;
  admin: TestOperator;
  secondAdmin: TestOperator;
}

/** Creates the four operators of FourEyesOperators, in that order. */
export async function createFourEyesOperators(context: TestContext): Promise<FourEyesOperators> {
  return {
    payments: await createSignedInOperator(context, ['payments']),
    secondPayments: await createSignedInOperator(context, ['payments']),
    admin: await createSignedInOperator(context, ['admin']),
    secondAdmin: await createSignedInOperator(context, ['admin']),
  };
}
