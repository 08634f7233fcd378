import { randomBytes } from 'node:crypto';
import { createSession, hashPassword, type AccountType, type KycStatus } from '../modules/auth';
import type { TestContext } from './harness';

export interface TestClient {
  id: string;
  email: string;
  password: string;
  token: string;
  /** Headers of a signed-in call. */
  headers: { authorization: string };
}

let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'TestPass2024';

/**
 * Creates a client straight in the database and signs it in (a session token), for tests of
 * features behind the guard. `kycStatus: 'Approved'` makes an identified client.
 */
export async function createSignedInClient(
  context: TestContext,
  options: { accountType?: AccountType; kycStatus?: KycStatus | null; firstName?: string; companyName?: string } = {},
): Promise<TestClient> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(5).toString('hex');
  const email = `client-${suffix}@test.example`;
  const row = await context.db
    .insertInto('clients')
    .values({
      email,
      phone: `+1555${BigInt(`0x${suffix}`).toString().slice(0, 7).padStart(7, '0')}`,
      password_hash: await cachedHash,
      account_type: options.accountType ?? 'personal',
      email_verified: true,
      kyc_status: options.kycStatus === undefined ? 'Approved' : options.kycStatus,
      first_name: options.firstName ?? (options.accountType === 'business' ? null : 'Test'),
      last_name: options.accountType === 'business' ? null : 'Client',
      company_name: options.companyName ?? (options.accountType === 'business' ? 'Test Company Ltd' : null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(context.db, context.config.secret, 'client', row.id);
  return { id: row.id, email, password: TEST_PASSWORD, token, headers: { authorization: `Bearer ${token}` } };
}
