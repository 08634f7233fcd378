import { ENROLMENT_LINK_HOURS, type EnrolmentInfo } from '@bank/contracts/backoffice/operators';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import type { OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { hashCandidates, hashSecret, randomToken, type SecretRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { hashPassword, createSession, revokeAllSessions, assertNotBlocked, clearCounter, OPERATOR_FAILURES_PER_EMAIL, recordHit, acceptedStep, newTotpSecret, otpauthUrl, TOTP_ISSUERS } from '../auth';
import { queueMail } from '../mail';
import { enrolmentMail, type EnrolmentOccasion } from './operator-mails';
import { openOperatorTotpSecret, sealOperatorTotpSecret, WRONG_TOTP_CODES } from './operator-totp';
import { toOperator } from './operators';

/**
 * Enrolment links (docs/bank-controls.md): the only way an operator gets a password and an authenticator. A
 * link carries a 256-bit random token, of which only a keyed hash is stored; it is valid
 * ENROLMENT_LINK_HOURS and works once, and a newer link revokes the older. The authenticator secret
 * it shows is drawn when the link is issued and kept sealed on the operator until a code from it
 * confirms the enrolment, so no admin ever sees the password or the secret.
 */
const tokenText = (token: string) => `operator-enrolment:${token}`;

export function enrolmentLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/backoffice/enrol/${token}`;
}

/** Voids the operator's open links (a newer link, a deactivation or a reset). */
export async function revokeEnrolmentLinks(trx: Db, operatorId: string): Promise<void> {
  await trx
    .updateTable('operator_enrolment_links')
    .set({ revoked_at: sql`now()` })
    .where('operator_id', '=', operatorId)
    .where('spent_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Issues a link to an invited operator, in the caller's transaction: earlier links are revoked and
 * a new authenticator secret is drawn. Answers the token, which is never stored and only mailed.
 */
export async function issueEnrolmentLink(trx: Db, appSecret: SecretRing, operatorId: string): Promise<string> {
  const token = randomToken(32);
  const prepared = await trx
    .updateTable('operators')
    .set({ totp_pending_secret: sealOperatorTotpSecret(newTotpSecret(), appSecret) })
    .where('id', '=', operatorId)
    .where('status', '=', 'invited')
    .returning('id')
    .executeTakeFirst();
  if (!prepared) throw new AppError('CONFLICT', { message: 'Only an invited operator can be sent an enrolment link', details: { reason: 'notInvited' } });
  await revokeEnrolmentLinks(trx, operatorId);
  await trx
    .insertInto('operator_enrolment_links')
    .values({
      operator_id: operatorId,
      token_hash: hashSecret(tokenText(token), appSecret.current),
      expires_at: sql<Date>`now() + ${`${ENROLMENT_LINK_HOURS} hours`}::interval`,
    })
    .execute();
  return token;
}

/**
 * Issues a link to an invited operator and writes its mail to the operator, in the transaction of
 * the invitation, reset or reactivation that calls for it. Answers the link (the command line
 * prints it) and the mail's id in the outbox.
 */
export async function mailEnrolmentLink(
  trx: Db,
  config: Pick<Config, 'secret' | 'appUrl'>,
  operatorId: string,
  occasion: EnrolmentOccasion,
): Promise<{ link: string; mailId: string }> {
  const token = await issueEnrolmentLink(trx, config.secret, operatorId);
  const operator = await trx.selectFrom('operators').select(['email', 'full_name']).where('id', '=', operatorId).executeTakeFirstOrThrow();
  const link = enrolmentLinkUrl(config.appUrl, token);
  const mailId = await queueMail(trx, config.secret, enrolmentMail(operator.email, operator.full_name, link, occasion));
  return { link, mailId };
}

interface OpenLink {
  linkId: string;
  expiresAt: Date;
  operatorId: string;
  email: string;
  fullName: string;
  roles: OperatorRole[];
  sealedSecret: string;
}

/**
 * The link of a token if it may still be used: not spent, not revoked, not expired, its operator
 * still invited. A link issued under the previous APP_SECRET is found too.
 */
async function findOpenLink(db: Db, appSecret: SecretRing, token: string): Promise<OpenLink | null> {
  const row = await db
    .selectFrom('operator_enrolment_links as link')
    .innerJoin('operators as operator', 'operator.id', 'link.operator_id')
    .select(['link.id', 'link.expires_at', 'operator.id as operator_id', 'operator.email', 'operator.full_name', 'operator.roles', 'operator.totp_pending_secret'])
    .where('link.token_hash', 'in', hashCandidates(tokenText(token), appSecret))
    .where('link.spent_at', 'is', null)
    .where('link.revoked_at', 'is', null)
    .where('link.expires_at', '>', sql<Date>`now()`)
    .where('operator.status', '=', 'invited')
    .executeTakeFirst();
  if (!row?.totp_pending_secret) return null;
  return {
    linkId: row.id,
    expiresAt: row.expires_at,
    operatorId: row.operator_id,
    email: row.email,
    fullName: row.full_name,
    roles: [...row.roles],
    sealedSecret: row.totp_pending_secret,
  };
}

/** Unknown, spent, revoked and expired links get one answer: nothing tells them apart. */
function linkNotValid(): AppError {
  return new AppError('NOT_FOUND', { message: 'This enrolment link is not valid: it was used, replaced or has expired', details: { reason: 'enrolmentLink' } });
}

/** GET /api/backoffice/enrolment/:token: whom the link enrols and the authenticator secret to add. */
export async function readEnrolment(deps: AppDeps, token: string, meta: { ip: string }): Promise<EnrolmentInfo> {
  const link = await findOpenLink(deps.db, deps.config.secret, token);
  if (!link) throw linkNotValid();
  const { plain: secret } = await openOperatorTotpSecret(deps.db, link.sealedSecret, deps.config.secret, { operatorId: link.operatorId, ip: meta.ip, during: 'enrolment' });
  return {
    email: link.email,
    name: link.fullName,
    roles: link.roles,
    expiresAt: link.expiresAt.toISOString(),
    enrolment: { secret, otpauthUrl: otpauthUrl(TOTP_ISSUERS.operator, link.email, secret) },
  };
}

/**
 * POST /api/backoffice/enrolment/:token: a code from the secret shown confirms the authenticator,
 * the password the operator chose is set, the link is spent and a session opens. Wrong codes count
 * towards the operator's lock like wrong codes at sign-in.
 */
export async function completeEnrolment(deps: AppDeps, token: string, input: { password: string; totpCode: string }, meta: { ip: string }): Promise<OperatorSignedIn> {
  const { db, config } = deps;
  const link = await findOpenLink(db, config.secret, token);
  if (!link) throw linkNotValid();
  await assertNotBlocked(db, WRONG_TOTP_CODES, link.operatorId);
  const secret = await openOperatorTotpSecret(db, link.sealedSecret, config.secret, { operatorId: link.operatorId, ip: meta.ip, during: 'enrolment' });
  const step = await acceptedStep(secret.plain, input.totpCode, null);
  if (step === null) {
    await recordHit(db, WRONG_TOTP_CODES, link.operatorId);
    await recordAudit(db, { actorType: 'anonymous', action: 'backoffice.codeRefused', subjectType: 'operator', subjectId: link.operatorId, ip: meta.ip, after: { reason: 'wrong', during: 'enrolment' } });
    throw new AppError('INVALID_CREDENTIALS', { message: 'Wrong code', fields: { totpCode: 'validation.totpCode.wrong' } });
  }
  const passwordHash = await hashPassword(input.password);
  const signedIn = await db.transaction().execute(async (trx) => {
    // The operator's row before the link's, in the order deactivation and approvals take them:
    // the other order deadlocks against a deactivation that voids this operator's links.
    await trx.selectFrom('operators').select('id').where('id', '=', link.operatorId).forUpdate().execute();
    // Spending the link is the race's judge: of two completions with one link, one spends it.
    const spent = await trx
      .updateTable('operator_enrolment_links')
      .set({ spent_at: sql`now()` })
      .where('id', '=', link.linkId)
      .where('spent_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw linkNotValid();
    const operator = await trx
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        // Sealed anew under the current APP_SECRET when the link was issued under the previous one.
        totp_secret: secret.resealed,
        totp_pending_secret: null,
        totp_enrolled_at: new Date(),
        totp_last_step: step,
        status: 'active',
      })
      .where('id', '=', link.operatorId)
      .where('status', '=', 'invited')
      .where('totp_pending_secret', '=', link.sealedSecret)
      .returningAll()
      .executeTakeFirst();
    if (!operator) throw linkNotValid();
    await revokeAllSessions(trx, 'operator', operator.id);
    const sessionToken = await createSession(trx, config.secret, 'operator', operator.id, { ip: meta.ip });
    await recordAudit(trx, { actorType: 'operator', actorId: operator.id, action: 'operator.enrolled', subjectType: 'operator', subjectId: operator.id, ip: meta.ip, after: { status: 'active', enrolled: true } });
    return { operatorToken: sessionToken, operator: toOperator(operator) };
  });
  await clearCounter(db, WRONG_TOTP_CODES, link.operatorId);
  await clearCounter(db, OPERATOR_FAILURES_PER_EMAIL, link.email.toLowerCase());
  return signedIn;
}
