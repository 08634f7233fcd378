import type { ScheduledFailureReason } from '@bank/contracts';
import type { Language } from '@bank/contracts/auth/fields';
import type { MailMessage } from '../../lib/mailer';
import { composeMail } from '../mail';

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

/** The mail a client receives when its scheduled transfer fell due and could not be made, in its language. */
export function scheduledTransferFailedMail(to: string, transfer: FailedScheduledTransfer, language: Language, cabinetUrl: string): MailMessage {
  const { transactionNumber, amount, currency, date, recipient, reason } = transfer;
  return composeMail('scheduledTransferFailed', language, { transactionNumber, amount, currency, date, recipient, reason, cabinetUrl }, to);
}
