import type { Db } from '../db';
import type { DemoClients } from './demo-clients';
import { findOwnAccountInCurrency } from '../modules/accounts';
import { issueDemoCard } from '../modules/cards';

/**
 * The demo personal client's virtual card on its USD account, Active and free, so a card payment can
 * be tried at once (README.md#trying-a-card-payment): the client reads its number, expiry and CVC in
 * the cabinet (Cards → Show details, with the demo password), and `npm run card:terminal` pays with it.
 */
export async function seedCardData(trx: Db, clients: DemoClients): Promise<void> {
  const usd = await findOwnAccountInCurrency(trx, clients.personalId, 'USD');
  if (!usd) throw new Error('The demo client has no USD account for its card');
  await issueDemoCard(trx, { clock: clients.clock, config: clients.config }, clients.personalId, usd.number);
}
