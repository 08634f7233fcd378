// Proves that every gate for identified clients follows the one rule of contracts (isIdentified,
// docs/product.md#states): for each KYC status a client may have, opening an account and moving money are allowed
// exactly when isIdentified says so (the web's menu follows the same function: cabinet/menu.test.ts).
import { isIdentified, KYC_STATUSES, type KycStatus } from '@bank/contracts/kyc/kyc-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const statuses: Array<KycStatus | null> = [null, ...KYC_STATUSES];

describe('identified clients', () => {
  it('is the one rule of every server gate', async () => {
    for (const kycStatus of statuses) {
      const client = await createSignedInClient(context, { kycStatus });
      const expected = isIdentified(kycStatus) ? 200 : 403;
      const opened = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: ['EUR'] } });
      expect(opened.statusCode, `account/create for ${kycStatus}`).toBe(expected);
      const moved = await context.app.inject({
        method: 'POST',
        url: '/api/transaction/create',
        headers: client.headers,
        payload: { type: 'exchange', accNumberFrom: 'x', accNumberTo: 'y', amount: '1' },
      });
      // An identified client passes the gate and meets the next check (the accounts do not exist).
      if (isIdentified(kycStatus)) expect(moved.statusCode, `transaction/create for ${kycStatus}`).not.toBe(403);
      else expect(moved.statusCode, `transaction/create for ${kycStatus}`).toBe(403);
    }
  });

  it('identifies only an approved client', () => {
    expect(statuses.filter(isIdentified)).toEqual(['Approved']);
  });
});
