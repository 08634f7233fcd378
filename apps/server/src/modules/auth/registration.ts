import { LOGIN_CODE_TTL_SECONDS, type CodeSentResponse } from '@bank/contracts/auth/codes';
import type { Language } from '@bank/contracts/auth/fields';
import { registrationRequestSchema, type RegistrationInput } from '@bank/contracts/auth/register';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { AppError, fieldErrors, refuseControlCharacters } from '../../lib/errors';
import { recordAudit } from '../audit';
import { queueMail } from '../mail';
import { openChallenge } from './login-codes';
import { codeMail } from './mail-templates';
import { hashPassword } from './passwords';
import { CODES_PER_EMAIL, recordHit } from './throttle';

/**
 * Reads a registration body. A password that breaks the strength rule of docs/product.md#validation is the protocol's
 * 409 'Invalid password' (docs/product.md#errors-and-messages); any other bad field is a 400 with the field errors.
 */
export function parseRegistration(body: unknown): RegistrationInput {
  refuseControlCharacters(body);
  const result = registrationRequestSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const password = (body as { password?: unknown } | null)?.password;
  const onlyPassword = result.error.issues.every((issue) => issue.path[0] === 'password');
  if (onlyPassword && typeof password === 'string' && password !== '') throw new AppError('INVALID_PASSWORD');
  throw new AppError('VALIDATION_FAILED', { fields: fieldErrors(result.error) });
}

async function assertUnique(db: Db, email: string, phone: string): Promise<void> {
  const emailTaken = await db.selectFrom('clients').select('id').where(sql`lower(email)`, '=', email).executeTakeFirst();
  if (emailTaken) throw new AppError('EMAIL_EXISTS');
  const phoneTaken = await db.selectFrom('clients').select('id').where('phone', '=', phone).executeTakeFirst();
  if (phoneTaken) throw new AppError('PHONE_EXISTS');
}

/**
 * Creates the client (password hashed with argon2id) and mails the code that finishes the
 * registration through POST /api/login. E-mail and phone are unique: 409 'Email already exist' or
 * 'Phone already exist', also when two registrations race.
 */
export async function registerClient(
  deps: AppDeps,
  input: RegistrationInput,
  meta: { ip: string; language: Language },
): Promise<CodeSentResponse> {
  const { db, config } = deps;
  await assertUnique(db, input.email, input.phone);
  const passwordHash = await hashPassword(input.password);
  let clientId: string;
  try {
    clientId = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('clients')
        .values({ email: input.email, phone: input.phone, password_hash: passwordHash, account_type: input.accountType, language: meta.language })
        .returning(['id', 'client_number'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorType: 'anonymous',
        action: 'auth.registered',
        subjectType: 'client',
        subjectId: row.id,
        ip: meta.ip,
        after: { accountType: input.accountType, clientNumber: row.client_number },
      });
      return row.id;
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') await assertUnique(db, input.email, input.phone);
    throw error;
  }

  await db.transaction().execute(async (trx) => {
    const code = await openChallenge(trx, config.secret, clientId, 'registration');
    await queueMail(trx, config.secret, codeMail(input.email, code, 'registration', meta.language));
    await recordHit(trx, CODES_PER_EMAIL, input.email);
    await recordAudit(trx, { actorType: 'anonymous', action: 'auth.codeSent', subjectType: 'client', subjectId: clientId, ip: meta.ip, after: { purpose: 'registration' } });
  });
  return { codeSent: true, expiresInSeconds: LOGIN_CODE_TTL_SECONDS };
}
