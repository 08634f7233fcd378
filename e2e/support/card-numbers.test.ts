// Proves the end-to-end check for full card numbers (card-numbers.ts): on a bank with a card issued it
// finds nothing while the number is only sealed, and finds the number once it shows in a row of any
// table or in the server's log.
import { randomUUID } from 'node:crypto';
import type { OrderCardResponse } from '@bank/contracts/cards/cards';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../apps/server/src/test/clients';
import { createTestContext, type TestContext } from '../../apps/server/src/test/harness';
import { openTestAccount } from '../../apps/server/src/modules/accounts/test-support';
import { openPan } from '../../apps/server/src/modules/cards';
import { cardNumberLeaksIn } from './card-numbers';

describe('the search for full card numbers', () => {
  let context: TestContext;
  let pan: string;
  beforeAll(async () => {
    context = await createTestContext();
    const client = await createSignedInClient(context);
    const usd = (await openTestAccount(context, client, 'USD', '1000.00')).number;
    const ordered = await context.app.inject({ method: 'POST', url: '/api/cards', headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload: { type: 'virtual', accountNumber: usd } });
    const { card } = ordered.json<OrderCardResponse>();
    const row = await context.db.selectFrom('cards').select('pan_sealed').where('id', '=', card.id).executeTakeFirstOrThrow();
    pan = openPan(row.pan_sealed, context.deps.config.cards.dataKey)!;
  });
  afterAll(() => context.close());

  it('finds nothing while the number is only sealed, and every place it shows once it does', async () => {
    const key = context.deps.config.cards.dataKey;
    expect(await cardNumberLeaksIn(context.db, key, 'GET /api/cards 200')).toEqual([]);
    expect(await cardNumberLeaksIn(context.db, key, `POST /api/x {"pan":"${pan}"}`)).toEqual([`the server's log holds the number ending in ${pan.slice(-4)}`]);
    await sql`insert into contact_messages (name, email, phone, message) values ('Leak', 'leak@example.com', '+35312345678', ${`my card is ${pan}`})`.execute(context.db);
    expect(await cardNumberLeaksIn(context.db, key, '')).toEqual([`public.contact_messages holds the number ending in ${pan.slice(-4)}`]);
  });
});
