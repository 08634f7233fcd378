import type { ScheduledFailureReason } from '@bank/contracts';
import type { Language } from '@bank/contracts/auth/fields';
import { BRAND } from '../auth/mail-templates';
import type { MailMessage } from '../mail/mailer';

/** What the client is told of a scheduled transfer that could not be made on its date. */
export interface FailedScheduledTransfer {
  transactionNumber: string;
  /** Formatted amount and its currency. */
  amount: string;
  currency: string;
  /** The bank date it was due, YYYY-MM-DD. */
  date: string;
  recipient: string;
  reason: ScheduledFailureReason;
}

const REASONS: Readonly<Record<Language, Readonly<Record<ScheduledFailureReason, string>>>> = {
  en: {
    insufficientFunds: 'there were not enough funds on the account on that day.',
    accountUnavailable: 'an account of the transfer could no longer be used.',
    refused: 'the bank’s rules no longer allowed it on that day.',
  },
  ru: {
    insufficientFunds: 'в этот день на счёте было недостаточно средств.',
    accountUnavailable: 'один из счетов перевода больше недоступен.',
    refused: 'в этот день перевод не соответствовал правилам банка.',
  },
};

/** The day as the client's language writes it (21.11.2026 in Russian, 2026-11-21 as the form gives it otherwise). */
const dayOf = (date: string, language: Language) => (language === 'ru' ? date.split('-').reverse().join('.') : date);

/** The mail a client receives when its scheduled transfer fell due and could not be made, in its language. */
export function scheduledTransferFailedMail(to: string, transfer: FailedScheduledTransfer, language: Language, cabinetUrl: string): MailMessage {
  const day = dayOf(transfer.date, language);
  const reason = REASONS[language][transfer.reason];
  if (language === 'ru') {
    return {
      to,
      subject: `Запланированный перевод № ${transfer.transactionNumber} не выполнен · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        `Перевод № ${transfer.transactionNumber} на сумму ${transfer.amount} ${transfer.currency} получателю ${transfer.recipient}, запланированный на ${day}, не выполнен: ${reason}`,
        'Деньги не списаны, комиссия не взята.',
        '',
        'Вы можете оформить перевод заново в интернет-банке.',
        '',
        cabinetUrl,
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Scheduled transfer no. ${transfer.transactionNumber} was not made · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      `Your transfer no. ${transfer.transactionNumber} of ${transfer.amount} ${transfer.currency} to ${transfer.recipient}, scheduled for ${day}, was not made: ${reason}`,
      'Nothing was taken from your account and no fee was charged.',
      '',
      'You can make the transfer again in online banking.',
      '',
      cabinetUrl,
      '',
      BRAND.en,
    ].join('\n'),
  };
}
