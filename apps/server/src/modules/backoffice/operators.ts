import type { OperatorRow } from '@bank/contracts/backoffice/operators';
import type { Operator, OperatorRole } from '@bank/contracts/backoffice/roles';
import type { z } from 'zod';
import type { createOperatorRequestSchema } from '@bank/contracts/backoffice/operators';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import type { IdentityTables } from '../auth/tables';

/** The bank's operators (DESIGN §10): their own table, roles and authenticator enrolment. */
export type OperatorDbRow = Selectable<IdentityTables['operators']>;

export function toOperator(row: Pick<OperatorDbRow, 'id' | 'email' | 'full_name' | 'roles'>): Operator {
  return { id: row.id, email: row.email, name: row.full_name, roles: [...row.roles] as OperatorRole[] };
}

function toOperatorRow(row: OperatorDbRow): OperatorRow {
  return { ...toOperator(row), enrolled: row.totp_enrolled_at !== null, createdAt: row.created_at.toISOString() };
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorDbRow | undefined> {
  return db.selectFrom('operators').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export async function loadOperator(db: Db, operatorId: string): Promise<Operator | null> {
  const row = await db.selectFrom('operators').select(['id', 'email', 'full_name', 'roles']).where('id', '=', operatorId).executeTakeFirst();
  return row ? toOperator(row) : null;
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  const rows = await db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('email').execute();
  return rows.map(toOperatorRow);
}

/** An admin adds an operator; the new operator enrols an authenticator at the first sign-in. */
export async function createOperator(db: Db, input: z.output<typeof createOperatorRequestSchema>, adminId: string): Promise<OperatorRow> {
  if (await findOperatorByEmail(db, input.email)) {
    throw new AppError('CONFLICT', { message: 'An operator with this e-mail exists', fields: { email: 'validation.email.taken' } });
  }
  const passwordHash = await hashPassword(input.password);
  const roles = [...new Set(input.roles)];
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operators')
      .values({ email: input.email, full_name: input.name, password_hash: passwordHash, roles })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: adminId,
      action: 'operator.created',
      subjectType: 'operator',
      subjectId: row.id,
      after: { email: row.email, name: row.full_name, roles },
    });
    return toOperatorRow(row);
  });
}

/** An admin resets an operator's authenticator: it enrols again at the next sign-in, and its sessions end now. */
export async function resetOperatorTotp(db: Db, operatorId: string, adminId: string): Promise<OperatorRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('operators').selectAll().where('id', '=', operatorId).forUpdate().executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('operators')
      .set({ totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null })
      .where('id', '=', operatorId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeAllSessions(trx, 'operator', operatorId);
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: adminId,
      action: 'operator.totpReset',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { enrolled: before.totp_enrolled_at !== null },
      after: { enrolled: false },
    });
    return toOperatorRow(row);
  });
}
