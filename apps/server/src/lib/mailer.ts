import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A code or link its reader is waiting for ('code': sign-in, registration, password reset) goes
   * before the notices waiting with it (docs/time.md#mail-through-an-outbox); a notice by default.
   */
  kind?: MailKind;
  /**
   * The Message-ID header, the same on every attempt to deliver one mail, so that a receiving server
   * can drop a repeat (docs/time.md#mail-through-an-outbox). Unset: the transport makes one.
   */
  messageId?: string;
}

export type MailKind = 'code' | 'notice';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mails go, for the start banner. */
  describe(): string;
  close(): void;
}

/**
 * SMTP connections one node keeps open to its mail server at most, each carrying one mail at a time:
 * as many as the mails one node delivers at once (modules/mail/outbox.ts).
 */
export const SMTP_MAX_CONNECTIONS = 8;
/** Mails sent over one connection before it is replaced by a fresh one. */
const SMTP_MESSAGES_PER_CONNECTION = 100;

/**
 * Sends through the SMTP server of `smtpUrl` (nodemailer), over a pool of up to
 * SMTP_MAX_CONNECTIONS connections kept open between mails: no handshake per mail, and several mails
 * on their way at once.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const options: SMTPPool.Options & { maxRequeues: number } = {
    pool: true,
    maxConnections: SMTP_MAX_CONNECTIONS,
    maxMessages: SMTP_MESSAGES_PER_CONNECTION,
    // A connection the server closes in the middle of a mail hands the mail to one fresh connection
    // once; after that the send fails, and the outbox tries it again later.
    maxRequeues: 1,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    // Local test and relay servers often have no certificate chain we can check; smtps:// is verified.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    describe: () => `SMTP ${url.hostname}:${url.port || 25}`,
    close: () => transport.close(),
  };
}

/**
 * Development mail: nothing leaves the machine. The delivery job hands each mail here, and it is
 * printed to the console so a developer can read the code or link. Never used in production (the
 * config refuses to start there without SMTP_URL).
 */
export function createConsoleMailer(logger: Logger, print: (text: string) => void): Mailer {
  return {
    async send(message) {
      logger.info({ mail: { to: message.to, subject: message.subject } }, 'mail printed to the console');
      print(`\n--- mail to ${message.to}: ${message.subject}\n${message.text}\n---\n`);
    },
    describe: () => 'the console (printed here; SMTP_URL is not set)',
    close: () => undefined,
  };
}
