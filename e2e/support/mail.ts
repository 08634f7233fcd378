import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free local port; the app's mails arrive here as they would at a client. */
export interface MailServer {
  port: number;
  mails: ReceivedMail[];
  /** Waits for the first mail to `to` received after `since` (an index into `mails`) matching `pattern`. */
  waitFor(to: string, pattern?: RegExp, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Decodes quoted-printable bodies so tests can read codes and links. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ''), 'hex').toString('utf8'));
}

function parse(raw: string, to: string[]): ReceivedMail {
  const [folded = '', ...rest] = raw.split(/\r?\n\r?\n/);
  // Long headers continue on indented lines; adjacent encoded words join without the space.
  const head = folded.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  const subjectLine = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?UTF-8\?([BQ])\?(.*?)\?=/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
  const body = rest.join('\n\n');
  // Mostly non-Latin text (a Russian mail) is sent base64-encoded, the rest quoted-printable.
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : /quoted-printable/i.test(raw)
        ? decodeQuotedPrintable(body)
        : body;
  return { to, raw, subject, text };
}

export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())));
        waiters.forEach((notify) => notify());
        callback();
      });
    },
  });
  // A server under test may be killed mid-session (the fault suite SIGKILLs it, pooled connections
  // and all): a connection reset by the peer ends that session, never this process.
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    mails,
    waitFor(to, pattern, { since = 0, timeoutMs = 15_000 } = {}) {
      const find = () =>
        mails.slice(since).find((mail) => mail.to.includes(to.toLowerCase()) && (!pattern || pattern.test(mail.text)));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const mail = find();
          if (mail) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(mail);
          }
        }
        waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
