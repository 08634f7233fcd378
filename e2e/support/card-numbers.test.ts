// Proves the end-to-end check for full card numbers (card-numbers.ts): on a bank with a card issued it
// finds nothing while the number is only sealed, and finds the number once it shows in a row of any
// table or in the server's log.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../apps/server/src/test/clients';
import { createTestContext, type TestContext } from '../../apps/server/src/test/harness';
import { openTestAccount } from '../../apps/server/src/modules/accounts/test-support';
import { orderTestCard } from '../../apps/server/src/modules/cards/test-support';
import { cardNumberLeaksIn } from './card-numbers';

describe('the search for full card numbers', () => {
  let context: TestContext;
  let pan: string;
  beforeAll(async () => {
    context = await createTestContext();
    const client = await createSignedInClient(context);
    const usd = (await openTestAccount(context, client, 'USD', '1000.00')).number;
    ({ pan } = await orderTestCard(context, client, usd));
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
