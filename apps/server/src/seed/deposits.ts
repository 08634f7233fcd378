import { depositTermsSchema, type Deposit } from '@bank/contracts';
import type { Db } from '../db';
import type { DemoClients } from './demo-clients';
import type { ClientAccount } from '../modules/accounts';
import { bankDateOf, fixedClock } from '../modules/jobs';
import { openDeposit, makeDuePayouts, lockDeposit } from '../modules/deposits';

/**
 * The demo personal client's term deposit: opened weeks ago through the same code a client's
 * opening runs, with its first monthly payout made on its date, so the cabinet shows a running
 * deposit with interest paid and accruing. Called from the demo money's history (transfers/
 * demo-seed.ts) at its place in time, so every statement row's balance after it stays true.
 */
export async function openDemoDeposit(trx: Db, clients: DemoClients, clientId: string, account: ClientAccount, at: Date): Promise<Deposit> {
  const terms = depositTermsSchema.parse({ currency: account.currency, accNumberFrom: account.number, amount: '10000.00', termMonths: 6, payoutMonths: 1 });
  return openDeposit(trx, { clock: fixedClock(at, clients.config.time.zone), config: clients.config }, { id: clientId }, terms, { at });
}

/** Makes the deposit's payouts due by `at`'s bank day, booked at `at`. */
export async function payDemoDeposit(trx: Db, clients: DemoClients, depositId: string, at: Date): Promise<void> {
  const deposit = await lockDeposit(trx, depositId);
  if (!deposit) throw new Error(`Demo deposit ${depositId} is missing`);
  const made = await makeDuePayouts(trx, deposit, bankDateOf(at, clients.config.time.zone), at);
  if (made.length !== 1) throw new Error(`The demo deposit made ${made.length} payouts on ${at.toISOString()}, not one`);
}
