import type { Language } from '@bank/contracts/auth/fields';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { BRAND } from '../auth/mail-templates';
import type { MailMessage } from '../mail/mailer';
import { queueMail } from '../mail/outbox';

/**
 * The mails a client receives when a payment order waiting for the bank ends without the bank's
 * decision: withdrawn by the client (with SPEC §9's fee), or expired after the banking days it may
 * wait. Written in the transaction of that step, in the client's language.
 */
export interface EndedOrder {
  transactionNumber: string;
  /** The order's amount and currency as text ('1000.00', 'EUR'). */
  amount: string;
  currency: string;
}

export type OrderEnding = { kind: 'withdrawn'; fee: string; feeCurrency: string } | { kind: 'expired'; bankingDays: number };

/** "в течение N банковских дней": the genitive after a numeral ends in -ого дня for 1, 21, 31… */
function russianBankingDays(count: number): string {
  const singular = count % 10 === 1 && count % 100 !== 11;
  return `${count} ${singular ? 'банковского дня' : 'банковских дней'}`;
}

export function endedOrderMail(to: string, order: EndedOrder, ending: OrderEnding, language: Language, cabinetUrl: string): MailMessage {
  const sum = `${order.amount} ${order.currency}`;
  if (language === 'ru') {
    const withdrawn = ending.kind === 'withdrawn';
    return {
      to,
      subject: `${withdrawn ? 'Платёжное поручение отозвано' : 'Платёжное поручение аннулировано'} · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        ...(withdrawn
          ? [
              `Вы отозвали платёжное поручение № ${order.transactionNumber} на сумму ${sum}.`,
              'Заблокированные по нему средства снова доступны на счёте.',
              `Комиссия за отзыв платёжного поручения по тарифам банка: ${ending.fee} ${ending.feeCurrency}.`,
            ]
          : [
              `Банк не обработал платёжное поручение № ${order.transactionNumber} на сумму ${sum} в течение ${russianBankingDays(ending.bankingDays)}, поэтому оно аннулировано.`,
              'Заблокированные по нему средства снова доступны на счёте, комиссия не взимается.',
              'Если платёж по-прежнему нужен, оформите перевод заново.',
            ]),
        '',
        cabinetUrl,
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  const withdrawn = ending.kind === 'withdrawn';
  return {
    to,
    subject: `${withdrawn ? 'Your payment order is withdrawn' : 'Your payment order has expired'} · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      ...(withdrawn
        ? [
            `You have withdrawn payment order No. ${order.transactionNumber} for ${sum}.`,
            'The funds it held are available in your account again.',
            `The bank's fee for withdrawing a payment order, ${ending.fee} ${ending.feeCurrency}, has been charged.`,
          ]
        : [
            `The bank did not process payment order No. ${order.transactionNumber} for ${sum} within ${ending.bankingDays} banking ${ending.bankingDays === 1 ? 'day' : 'days'}, so it has been canceled.`,
            'The funds it held are available in your account again, and no fee has been charged.',
            'If you still need the payment, please make the transfer again.',
          ]),
      '',
      cabinetUrl,
      '',
      BRAND.en,
    ].join('\n'),
  };
}

/** Queues the mail to the order's client in the caller's transaction. */
export async function mailEndedOrder(trx: Db, config: Pick<Config, 'appUrl' | 'secret'>, clientId: string, order: EndedOrder, ending: OrderEnding): Promise<void> {
  const client = await trx.selectFrom('clients').select(['email', 'language']).where('id', '=', clientId).executeTakeFirstOrThrow();
  await queueMail(trx, config.secret, endedOrderMail(client.email, order, ending, client.language, `${config.appUrl}/kabinet`));
}
