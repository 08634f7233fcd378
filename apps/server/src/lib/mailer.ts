import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

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
