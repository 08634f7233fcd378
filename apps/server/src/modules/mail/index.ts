/**
 * The mail module's face: every mail composed from the message catalogs (a key and its variables),
 * and the outbox, written in the same transaction as its cause and delivered by the job queue.
 */
export { BRAND, composeMail } from './compose';
export type { DeviceNames, MailKey, MailLanguage, MailVariables } from './compose';
export { deliverMail, deliverMailJob, deliverWaitingMail, MAIL_SEALED_COLUMNS, queueMail } from './outbox';
export { sweepMailJob } from './sweep';
export type { MailTables } from './tables';

