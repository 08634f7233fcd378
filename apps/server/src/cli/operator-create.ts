import { loadConfigOrReport } from '../config';
import { openDatabase } from '../db';
import { migrateAndGrant } from '../db/roles';
import { createOperatorFromCommandLine, OperatorCreateRefused, OPERATOR_CREATE_USAGE, parseOperatorCreateArguments, UsageError } from '../modules/backoffice';
import { createSmtpMailer } from '../lib/mailer';
import { runCommand } from './command';

/**
 * `npm run operator:create -- --email … --name "…" [--roles …]`: opens the database the server would
 * (DATABASE_URL, else the embedded one in DATA_DIR), migrates it as the server does at start, and
 * creates an operator with a printed enrolment link: the first admin of an empty bank, or the second
 * admin a bank with one needs (docs/operations.md). Exit codes: 0 created, 1 refused or failed, 2 a
 * wrong command line.
 */
async function main(argv: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseOperatorCreateArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${OPERATOR_CREATE_USAGE}\n`);
    return 2;
  }
  const config = loadConfigOrReport();
  if (!config) return 1;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  // Without SMTP_URL (development only) the mails wait in the outbox for the server, which prints
  // them: the link is printed below anyway.
  const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  try {
    // Migrations run as the owner (DATABASE_OWNER_URL) when the server's role is not the owner.
    await migrateAndGrant(database.db, config.databaseOwnerUrl);
    const created = await createOperatorFromCommandLine({ db: database.db, config, mailer }, options, (to, error) => {
      process.stderr.write(`Warning: the mail to ${to} was not sent (${error instanceof Error ? error.message : String(error)}); the link below still works.\n`);
    });
    const lines = [
      `Operator ${created.email} (${created.roles.join(', ')}) created; they are invited until they enrol.`,
      `Enrolment link, single use, valid until ${created.expiresAt.toISOString()}:`,
      '',
      `  ${created.link}`,
      '',
      config.smtpUrl ? `The link was also mailed to ${created.email}.` : 'SMTP_URL is not set: the link was not mailed (its mail waits in the outbox; the server prints it).',
      'Give it to that person alone: whoever opens it chooses the password and the authenticator.',
      created.operatorsMailed.length > 0
        ? `This is recorded in the audit trail, and every active operator is mailed a notice: ${created.operatorsMailed.join(', ')}.`
        : 'This is recorded in the audit trail (the bank had no active operator to tell).',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof OperatorCreateRefused)) throw error;
    process.stderr.write(`Refused: ${error.message}\n`);
    return 1;
  } finally {
    mailer?.close();
    await database.close();
  }
}

runCommand('operator:create', () => main(process.argv.slice(2)));
