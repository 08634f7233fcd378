import { ENROLMENT_LINK_HOURS, inviteOperatorRequestSchema } from '@bank/contracts/backoffice/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@bank/contracts/backoffice/roles';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit';
import type { Mailer } from '../../lib/mailer';
import { deliverMail, queueMail } from '../mail';
import { mailEnrolmentLink } from './enrolment';
import { breakGlassMail } from './operator-mails';
import { findOperatorByEmail, insertInvitedOperator, lockAdminChanges } from './operators';

/**
 * `npm run operator:create`: the way into an empty bank (docs/bank-controls.md). It creates an invited
 * operator and answers a single-use enrolment link, through which the operator sets their own
 * password and authenticator as any invited operator does. Once the bank has an active or invited
 * admin, operators are invited from the back office, and the command refuses unless told --break-glass:
 * then it is audited and every active admin is mailed.
 */
export const OPERATOR_CREATE_USAGE = [
  'Usage: npm run operator:create -- --email <address> --name "<full name>" [--roles admin[,compliance,payments]] [--break-glass]',
  '',
  'Creates an operator (admin unless --roles says otherwise) and prints a single-use enrolment link,',
  `valid ${ENROLMENT_LINK_HOURS} hours, through which they set their password and enrol their authenticator.`,
  'It refuses once the bank has an active or invited admin, unless --break-glass is given (audited, and mailed to every active admin).',
].join('\n');

export interface OperatorCreateOptions {
  email: string;
  name: string;
  roles: OperatorRole[];
  breakGlass: boolean;
}

/** A wrong command line: the message and the usage are printed, and the command exits 2. */
export class UsageError extends Error {}
/** A refusal on the bank's own terms (an admin exists, the e-mail is taken): the command exits 1. */
export class OperatorCreateRefused extends Error {}

/** Reads `--email a --name "b" --roles x,y --break-glass` (also `--email=a`). */
export function parseOperatorCreateArguments(argv: readonly string[]): OperatorCreateOptions {
  const values = new Map<string, string>();
  let breakGlass = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--break-glass') {
      breakGlass = true;
      continue;
    }
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
  return { email: parsed.data.email.toLowerCase(), name: parsed.data.name, roles: [...new Set(parsed.data.roles)], breakGlass };
}

export interface OperatorCreated {
  operatorId: string;
  email: string;
  roles: OperatorRole[];
  link: string;
  expiresAt: Date;
  /** The active admins told of a --break-glass creation. */
  adminsMailed: string[];
}

/**
 * Creates the operator and its link in one transaction, which writes to the outbox the link's mail
 * to the operator and, for --break-glass, a notice to every active admin. The command delivers them
 * at once; a mail that fails is reported by `onMailFailure` and stays in the outbox, for the
 * server's delivery job to retry; without a mailer they all wait for it. The printed link enrols
 * anyway.
 */
export async function createOperatorFromCommandLine(
  deps: Pick<AppDeps, 'db' | 'config'> & { mailer?: Mailer },
  options: OperatorCreateOptions,
  onMailFailure: (to: string, error: unknown) => void = () => undefined,
): Promise<OperatorCreated> {
  const { db, config } = deps;
  const created = await db.transaction().execute(async (trx) => {
    // The same lock as an admin's invitation from the back office: the check of existing admins
    // and the creation are one step, whoever else is adding an admin.
    await lockAdminChanges(trx);
    // Invited admins count as the back office counts them: one who has not enrolled yet is still
    // the way in, and the command without --break-glass must not pass them by unaudited.
    const existingAdmins = await trx
      .selectFrom('operators')
      .select(['email', 'status'])
      .where('status', 'in', ['active', 'invited'])
      .where(sql<boolean>`'admin' = any(roles)`)
      .orderBy('email')
      .execute();
    const admins = existingAdmins.filter((admin) => admin.status === 'active');
    if (existingAdmins.length > 0 && !options.breakGlass) {
      throw new OperatorCreateRefused(
        `The bank already has an admin, active or invited (${existingAdmins.map((admin) => admin.email).join(', ')}): invite operators from the back office. ` +
          'Only if no admin can sign in any more, run again with --break-glass (audited, and mailed to every active admin).',
      );
    }
    if (await findOperatorByEmail(trx, options.email)) throw new OperatorCreateRefused(`An operator with the e-mail ${options.email} already exists`);
    const row = await insertInvitedOperator(trx, options);
    const enrolment = await mailEnrolmentLink(trx, config, row.id, 'invited');
    const mails = [{ id: enrolment.mailId, to: row.email }];
    const link = await trx.selectFrom('operator_enrolment_links').select('expires_at').where('operator_id', '=', row.id).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorType: 'system',
      action: 'operator.invited',
      subjectType: 'operator',
      subjectId: row.id,
      after: { email: row.email, name: row.full_name, roles: row.roles, via: 'commandLine' },
    });
    if (options.breakGlass) {
      await recordAudit(trx, {
        actorType: 'system',
        action: 'operator.breakGlass',
        subjectType: 'operator',
        subjectId: row.id,
        after: { email: row.email, roles: row.roles, activeAdmins: admins.map((admin) => admin.email) },
      });
    }
    const told = options.breakGlass ? admins.map((admin) => admin.email) : [];
    for (const admin of told) {
      mails.push({ id: await queueMail(trx, config.secret, breakGlassMail(admin, { email: row.email, name: row.full_name, roles: row.roles })), to: admin });
    }
    return { row, link: enrolment.link, expiresAt: link.expires_at, admins: told, mails };
  });
  const { mailer } = deps;
  if (mailer) {
    for (const mail of created.mails) await deliverMail({ db, config, mailer }, mail.id).catch((error: unknown) => onMailFailure(mail.to, error));
  }
  return { operatorId: created.row.id, email: created.row.email, roles: [...created.row.roles], link: created.link, expiresAt: created.expiresAt, adminsMailed: created.admins };
}
