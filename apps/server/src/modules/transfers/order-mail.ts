import type { Language } from '@bank/contracts/auth/fields';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { composeMail, queueMail } from '../mail';

/**
 * The mails a client receives when a payment order waiting for the bank ends without the bank's
 * decision: withdrawn by the client (with the fee of docs/product.md#tariffs-and-limits), or expired after the banking days it may
 * wait. Written in the transaction of that step, in the client's language.
 */
export interface EndedOrder {
  transactionNumber: string;
  /** The order's amount and currency as text ('1000.00', 'EUR'). */
  amount: string;
  currency: string;
}

export type OrderEnding = { kind: 'withdrawn'; fee: string; feeCurrency: string } | { kind: 'expired'; bankingDays: number };

export function endedOrderMail(to: string, order: EndedOrder, ending: OrderEnding, language: Language, cabinetUrl: string): MailMessage {
  const { transactionNumber, amount, currency } = order;
  if (ending.kind === 'withdrawn') {
    return composeMail('orderWithdrawn', language, { transactionNumber, amount, currency, fee: ending.fee, feeCurrency: ending.feeCurrency, cabinetUrl }, to);
  }
  return composeMail('orderExpired', language, { transactionNumber, amount, currency, bankingDays: ending.bankingDays, cabinetUrl }, to);
}

/** Queues the mail to the order's client in the caller's transaction. */
export async function mailEndedOrder(trx: Db, config: Pick<Config, 'appUrl' | 'secret'>, clientId: string, order: EndedOrder, ending: OrderEnding): Promise<void> {
  const client = await trx.selectFrom('clients').select(['email', 'language']).where('id', '=', clientId).executeTakeFirstOrThrow();
  await queueMail(trx, config.secret, endedOrderMail(client.email, order, ending, client.language, `${config.appUrl}/kabinet`));
}
