// Proves the bulk re-sealing after a rotation of APP_SECRET (npm run secrets:reseal): every
// authenticator secret and waiting mail the previous secret sealed is sealed anew under the current
// one, so each opens once the previous secret is dropped; a value no secret opens is counted as
// unreadable and left as it is; a second run changes nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openWithRing, sealSecret, secretRing } from '../lib/crypto';
import { CLIENT_SEALED_COLUMNS } from '../modules/auth';
import { OPERATOR_SEALED_COLUMNS, sealOperatorTotpSecret } from '../modules/backoffice';
import { MAIL_SEALED_COLUMNS, queueMail } from '../modules/mail';
import type { SealedColumn } from '../lib/sealed-columns';
import { createSignedInClient } from '../test/clients';
import { createTestContext, type TestContext } from '../test/harness';
import { createSignedInOperator } from '../test/operators';
import { resealEverything } from './reseal';

const [A, B, FORGOTTEN] = [1, 2, 3].map(() => randomBytes(32).toString('hex')) as [string, string, string];

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ secret: secretRing(A) });
});
afterAll(() => context.close());

it('seals anew under the current secret what the previous one sealed, counts what neither opens, and is idempotent', async () => {
  const client = await createSignedInClient(context);
  const [clientColumn, pendingColumn] = CLIENT_SEALED_COLUMNS as [SealedColumn, SealedColumn];
  await context.db
    .updateTable('clients')
    .set({ totp_secret: sealSecret('client secret', A, clientColumn.purpose), totp_pending_secret: sealSecret('pending', B, pendingColumn.purpose) })
    .where('id', '=', client.id)
    .execute();
  const operator = await createSignedInOperator(context, ['admin']);
  const forgotten = await createSignedInOperator(context, ['payments']);
  await context.db.updateTable('operators').set({ totp_secret: sealOperatorTotpSecret('lost', secretRing(FORGOTTEN)) }).where('id', '=', forgotten.id).execute();
  await context.db.transaction().execute((trx) => queueMail(trx, secretRing(A), { to: 'waiting@example.com', subject: 'Waiting', text: 'Sealed under A' }));

  const rotated = secretRing(B, A);
  const counts = await resealEverything(context.db, rotated);
  expect(counts['operators.totp_secret']).toEqual({ checked: 2, resealed: 1, unreadable: 1 });
  expect(counts['outgoing_mail.sealed_body']).toMatchObject({ resealed: 1, unreadable: 0 });
  expect(counts['clients.totp_secret']).toEqual({ checked: 1, resealed: 1, unreadable: 0 });
  // Sealed under the current secret already: left as it is.
  expect(counts['clients.totp_pending_secret']).toEqual({ checked: 1, resealed: 0, unreadable: 0 });

  const dropped = secretRing(B);
  const clientRow = await context.db.selectFrom('clients').select('totp_secret').where('id', '=', client.id).executeTakeFirstOrThrow();
  expect(openWithRing(clientRow.totp_secret!, dropped, clientColumn.purpose)).toMatchObject({ plain: 'client secret', stale: false });
  const operatorRow = await context.db.selectFrom('operators').select('totp_secret').where('id', '=', operator.id).executeTakeFirstOrThrow();
  expect(openWithRing(operatorRow.totp_secret!, dropped, OPERATOR_SEALED_COLUMNS[0]!.purpose)).toMatchObject({ plain: operator.totpSecret, stale: false });
  const mail = await context.db.selectFrom('outgoing_mail').select('sealed_body').where('recipient', '=', 'waiting@example.com').executeTakeFirstOrThrow();
  expect(JSON.parse(openWithRing(mail.sealed_body!, dropped, MAIL_SEALED_COLUMNS[0]!.purpose)!.plain)).toMatchObject({ text: 'Sealed under A' });

  const again = await resealEverything(context.db, rotated);
  expect(Object.values(again).reduce((sum, count) => sum + count.resealed, 0)).toBe(0);
});
