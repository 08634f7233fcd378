import type { OperatorRow } from '@bank/contracts/backoffice/operators';
import type { Operator, OperatorRole } from '@bank/contracts/backoffice/roles';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { pendingApprovalsAbout } from '../approvals';
import type { IdentityTables } from '../auth';

/**
 * The bank's operators (docs/bank-controls.md): their own table, roles and status. An operator is invited
 * (no password, no authenticator: they set both through a mailed link, enrolment.ts), active, or
 * deactivated (refused at sign-in and on every call).
 */
export type OperatorDbRow = Selectable<IdentityTables['operators']>;

/** Proposals about an operator are filed under this subject type, with the operator's id. */
export const OPERATOR_SUBJECT = 'operator';

/** The advisory lock of lockAdminChanges. */
export const ADMIN_INVITATION_LOCK_ID = 727_071;

/**
 * Serialises every act that adds or takes away an admin. Taken before the operator's row, in the
 * same order everywhere: two such acts on two admins would otherwise each count the other as still
 * active, and leave the bank with none.
 */
export async function lockAdminChanges(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMIN_INVITATION_LOCK_ID})`.execute(trx);
}

/** The same roles, in any order. */
export function sameRoles(left: readonly OperatorRole[], right: readonly OperatorRole[]): boolean {
  return left.length === right.length && left.every((role) => right.includes(role));
}

export function toOperator(row: Pick<OperatorDbRow, 'id' | 'email' | 'full_name' | 'roles'>): Operator {
  return { id: row.id, email: row.email, name: row.full_name, roles: [...row.roles] as OperatorRole[] };
}

export function toOperatorRow(row: OperatorDbRow, pendingApprovals: string[] = []): OperatorRow {
  return {
    ...toOperator(row),
    status: row.status,
    enrolled: row.totp_enrolled_at !== null,
    createdAt: row.created_at.toISOString(),
    pendingApprovals,
  };
}

/** One row as GET /operators shows it, with the proposals about it that wait. */
export async function operatorRowOf(db: Db, row: OperatorDbRow): Promise<OperatorRow> {
  const pending = await pendingApprovalsAbout(db, OPERATOR_SUBJECT, [row.id]);
  return toOperatorRow(row, pending.get(row.id) ?? []);
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorDbRow | undefined> {
  return db.selectFrom('operators').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** The operator of a live session, if still active: a deactivated or reset operator's token opens nothing. */
export async function loadActiveOperator(db: Db, operatorId: string): Promise<Operator | null> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'email', 'full_name', 'roles'])
    .where('id', '=', operatorId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ? toOperator(row) : null;
}

/** Locks an operator's row for a change decided in this transaction; 404 when there is none. */
export async function lockOperator(trx: Db, operatorId: string): Promise<OperatorDbRow> {
  const row = await trx.selectFrom('operators').selectAll().where('id', '=', operatorId).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  const rows = await db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('email').execute();
  const pending = await pendingApprovalsAbout(
    db,
    OPERATOR_SUBJECT,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOperatorRow(row, pending.get(row.id) ?? []));
}

/** Active admins, optionally leaving one out (the one a change is about). */
export async function countActiveAdmins(db: Db, except?: string): Promise<number> {
  let query = db
    .selectFrom('operators')
    .select((select) => select.fn.countAll<string>().as('total'))
    .where('status', '=', 'active')
    .where(sql<boolean>`'admin' = any(roles)`);
  if (except) query = query.where('id', '!=', except);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Whether a proposal that needs a second admin waits for one to exist: a checker must be an active
 * admin other than the maker, so with fewer than two active admins nobody can approve it. The
 * second admin is made on the server with `npm run operator:create` (docs/bank-controls.md).
 */
export async function waitsForSecondAdmin(db: Db): Promise<boolean> {
  return (await countActiveAdmins(db)) < 2;
}

export function emailTaken(): AppError {
  return new AppError('CONFLICT', { message: 'An operator with this e-mail exists', fields: { email: 'validation.email.taken' } });
}

export interface NewOperator {
  email: string;
  name: string;
  roles: readonly OperatorRole[];
}

/**
 * Adds an invited operator: no password and no authenticator until they enrol through a link. The
 * unique index on lower(email) is the last word when two invitations of one address race.
 */
export async function insertInvitedOperator(trx: Db, input: NewOperator): Promise<OperatorDbRow> {
  if (await findOperatorByEmail(trx, input.email)) throw emailTaken();
  const row = await trx
    .insertInto('operators')
    .values({ email: input.email.toLowerCase(), full_name: input.name, password_hash: null, roles: [...new Set(input.roles)], status: 'invited' })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw emailTaken();
  return row;
}
