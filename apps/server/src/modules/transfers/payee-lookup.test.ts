// Proves that transfers cannot be used to walk the bank's account numbers: an amount the payer
// cannot pay answers the same whether the payee exists, is in another currency or is nobody; failed
// look-ups are audited, and past the limit the client is refused for a while.
import { accountNumberFromSerial } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { FAILED_PAYEE_LOOKUPS_PER_CLIENT } from '../operations';
import { sendInternal } from './test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => closeCheckingLedger(context));

describe('payee look-ups', () => {
  it('answer an unaffordable amount alike for a real payee, one in another currency and nobody', async () => {
    const payer = await createSignedInClient(context);
    const source = await openTestAccount(context, payer, 'EUR', '10.00');
    const other = await createSignedInClient(context);
    const euro = await openTestAccount(context, other, 'EUR');
    const dollar = await openTestAccount(context, other, 'USD');
    const nobody = accountNumberFromSerial(9_999_999_999n);
    const answers = await Promise.all([euro.number, dollar.number, nobody].map((to) => sendInternal(context, payer, source.number, to, '1000000.00')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([422, 422, 422]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('are audited when they fail, and refused past the limit even for a real payee', async () => {
    const payer = await createSignedInClient(context);
    const source = await openTestAccount(context, payer, 'EUR', '100.00');
    const payee = await openTestAccount(context, await createSignedInClient(context), 'EUR');
    for (let serial = 1; serial <= FAILED_PAYEE_LOOKUPS_PER_CLIENT.blockAfter; serial += 1) {
      const answer = await sendInternal(context, payer, source.number, accountNumberFromSerial(8_000_000_000n + BigInt(serial)), '1.00');
      expect(answer.statusCode).toBe(404);
    }
    const audited = await context.db.selectFrom('audit_log').select('action').where('actor_id', '=', payer.id).where('action', '=', 'transfer.payeeLookupFailed').execute();
    expect(audited).toHaveLength(FAILED_PAYEE_LOOKUPS_PER_CLIENT.blockAfter);
    expect((await sendInternal(context, payer, source.number, payee.number, '1.00')).statusCode).toBe(429);
    // Another client is not held back.
    const someoneElse = await createSignedInClient(context);
    const theirs = await openTestAccount(context, someoneElse, 'EUR', '5.00');
    expect((await sendInternal(context, someoneElse, theirs.number, payee.number, '1.00')).statusCode).toBe(200);
  });
});
