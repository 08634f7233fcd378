import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { deliverWaitingMail, queueMail } from './outbox';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('the mail outbox', () => {
  it('keeps the mail of a rolled-back act unsent, delivers the committed one once and drops its body', async () => {
    context = await createTestContext();
    const { db, config } = context.deps;
    await db.transaction().execute((trx) => queueMail(trx, config.secret, { to: 'a@example.com', subject: 'Code', text: 'Your code is 123456' }));
    await db
      .transaction()
      .execute(async (trx) => {
        await queueMail(trx, config.secret, { to: 'b@example.com', subject: 'Never', text: 'x' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const stored = await db.selectFrom('outgoing_mail').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sealed_body).not.toContain('123456');
    expect(await deliverWaitingMail(context.deps)).toBe(1);
    expect(await deliverWaitingMail(context.deps)).toBe(0);
    expect(context.mails.map((mail) => [mail.to, mail.text])).toEqual([['a@example.com', 'Your code is 123456']]);
    const delivered = await db.selectFrom('outgoing_mail').selectAll().executeTakeFirstOrThrow();
    expect(delivered.sealed_body).toBeNull();
    expect(delivered.delivered_at).not.toBeNull();
  });
});
