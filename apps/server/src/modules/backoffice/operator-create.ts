import { ENROLMENT_LINK_HOURS, inviteOperatorRequestSchema } from '@bank/contracts/backoffice/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@bank/contracts/backoffice/roles';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit';
import type { Mailer } from '../../lib/mailer';
import { deliverMail, queueMail } from '../mail';
import { mailEnrolmentLink } from './enrolment';
import { operatorCreatedOnServerMail } from './operator-mails';
import { findOperatorByEmail, insertInvitedOperator, lockAdminChanges } from './operators';

/**
 * `npm run operator:create`: how the people who run the bank's servers add an operator
 * (docs/bank-controls.md, docs/operations.md). It makes the first admin of an empty bank, and the
 * second admin of a bank with one: every proposal about operators needs a second admin, so a lone
 * admin cannot add one from the back office. It creates an invited operator and answers a
 * single-use enrolment link, through which the operator sets their own password and authenticator
 * as any invited operator does. Each use is an audit row (`operator.createdOnServer`) and is mailed
 * to every active operator, so nobody is added unseen.
 */
export const OPERATOR_CREATE_USAGE = [
  'Usage: npm run operator:create -- --email <address> --name "<full name>" [--roles admin[,compliance,payments]]',
  '',
  'Creates an operator (admin unless --roles says otherwise) and prints a single-use enrolment link,',
  `valid ${ENROLMENT_LINK_HOURS} hours, through which they set their password and enrol their authenticator.`,
  'It is recorded in the audit trail and mailed to every active operator of the bank.',
].join('\n');

export interface OperatorCreateOptions {
  email: string;
  name: string;
  roles: OperatorRole[];
}

/** A wrong command line: the message and the usage are printed, and the command exits 2. */
export class UsageError extends Error {}
/** A refusal on the bank's own terms (the e-mail is taken): the command exits 1. */
export class OperatorCreateRefused extends Error {}

/** Reads `--email a --name "b" --roles x,y` (also `--email=a`). */
export function parseOperatorCreateArguments(argv: readonly string[]): OperatorCreateOptions {
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    const match = /^--(email|name|roles)(?:=(.*))?$/s.exec(argument);
    if (!match) throw new UsageError(`Unknown argument: ${argument}`);
    const value = match[2] ?? argv[(index += 1)];
    if (value === undefined) throw new UsageError(`--${match[1]} needs a value`);
    values.set(match[1]!, value);
  }
  const roles = (values.get('roles') ?? 'admin').split(',').map((role) => role.trim()).filter(Boolean);
  const parsed = inviteOperatorRequestSchema.safeParse({ email: values.get('email') ?? '', name: values.get('name') ?? '', roles });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    const problems: Record<string, string> = {
      email: '--email must be an e-mail address',
      name: '--name is required (the operator’s full name)',
      roles: `--roles must be one or more of ${OPERATOR_ROLES.join(', ')}, separated by commas`,
    };
    throw new UsageError(problems[field] ?? 'Invalid arguments');
  }
  return { email: parsed.data.email.toLowerCase(), name: parsed.data.name, roles: [...new Set(parsed.data.roles)] };
}

export interface OperatorCreated {
  operatorId: string;
  email: string;
  roles: OperatorRole[];
  link: string;
  expiresAt: Date;
  /** The active operators told of the creation. */
  operatorsMailed: string[];
}

/**
 * Creates the operator and its link in one transaction, which writes the audit row and, to the
 * outbox, the link's mail to the operator and a notice to every active operator. The command
 * delivers them at once; a mail that fails is reported by `onMailFailure` and stays in the outbox,
 * for the server's delivery job to retry; without a mailer they all wait for it. The printed link
 * enrols anyway.
 */
export async function createOperatorFromCommandLine(
  deps: Pick<AppDeps, 'db' | 'config'> & { mailer?: Mailer },
  options: OperatorCreateOptions,
  onMailFailure: (to: string, error: unknown) => void = () => undefined,
): Promise<OperatorCreated> {
  const { db, config } = deps;
  const created = await db.transaction().execute(async (trx) => {
    // The same lock as every other act that adds or takes away an admin.
    await lockAdminChanges(trx);
    if (await findOperatorByEmail(trx, options.email)) throw new OperatorCreateRefused(`An operator with the e-mail ${options.email} already exists`);
    const row = await insertInvitedOperator(trx, options);
    const enrolment = await mailEnrolmentLink(trx, config, row.id, 'invited');
    const mails = [{ id: enrolment.mailId, to: row.email }];
    const link = await trx.selectFrom('operator_enrolment_links').select('expires_at').where('operator_id', '=', row.id).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    const told = await trx.selectFrom('operators').select('email').where('status', '=', 'active').where('id', '!=', row.id).orderBy('email').execute();
    // Who was made and with which powers, and who was told; never the link, which enrols.
    await recordAudit(trx, {
      actorType: 'system',
      action: 'operator.createdOnServer',
      subjectType: 'operator',
      subjectId: row.id,
      after: { email: row.email, name: row.full_name, roles: row.roles, operatorsMailed: told.map((operator) => operator.email) },
    });
    for (const { email } of told) {
      mails.push({ id: await queueMail(trx, config.secret, operatorCreatedOnServerMail(email, { email: row.email, name: row.full_name, roles: row.roles })), to: email });
    }
    return { row, link: enrolment.link, expiresAt: link.expires_at, told: told.map((operator) => operator.email), mails };
  });
  const { mailer } = deps;
  if (mailer) {
    for (const mail of created.mails) await deliverMail({ db, config, mailer }, mail.id).catch((error: unknown) => onMailFailure(mail.to, error));
  }
  return { operatorId: created.row.id, email: created.row.email, roles: [...created.row.roles], link: created.link, expiresAt: created.expiresAt, operatorsMailed: created.told };
}
