import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mails go, for the start banner. */
  describe(): string;
  close(): void;
}

/** Mails without holding up the answer; a failure is logged (the reader can ask again, the state is already saved). */
export function mailInBackground(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage): void {
  mailer.send(message).catch((error: unknown) => log.error({ err: error }, 'mail not sent'));
}

/** Sends through the SMTP server of `smtpUrl` (nodemailer). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    // Local test and relay servers often have no certificate chain we can check; smtps:// is verified.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    describe: () => `SMTP ${url.hostname}:${url.port || 25}`,
    close: () => transport.close(),
  };
}

/**
 * Development outbox: no mail leaves the machine. Each mail is stored in `mail_outbox` and printed
 * to the console so a developer can read the code or link. Never used in production (the config
 * refuses to start there without SMTP_URL).
 */
export function createOutboxMailer(db: Db, logger: Logger, print: (text: string) => void): Mailer {
  return {
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({ recipient: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null })
        .execute();
      logger.info({ mail: { to: message.to, subject: message.subject } }, 'mail stored in the development outbox');
      print(`\n--- mail to ${message.to}: ${message.subject}\n${message.text}\n---\n`);
    },
    describe: () => 'the development outbox (printed here and stored in the mail_outbox table)',
    close: () => undefined,
  };
}
