import type { Language } from '@bank/contracts/auth/fields';
import type { UserData } from '@bank/contracts/users/user-data';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/service';
import { queueMail } from '../mail/outbox';
import { loadUserData } from '../users/user-data';
import { describeDevice } from './device-description';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH, recognizeDevice } from './devices';
import { newDeviceMail } from './mail-templates';
import { createSession } from './sessions';

/** Where a client's sign-in comes from: address, browser and the device cookie, if any. */
export interface SignInOrigin {
  ip: string;
  userAgent: string | undefined;
  deviceToken: string | undefined;
}

export interface OpenedSession {
  user: UserData;
  /** The device cookie's value from now on. */
  deviceToken: string;
}

/** The sign-in's origin as the request tells it. */
export function signInOrigin(request: FastifyRequest): SignInOrigin {
  const userAgent = request.headers['user-agent'];
  const cookies = request.server.parseCookie(request.headers.cookie ?? '');
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined, deviceToken: cookies[DEVICE_COOKIE] };
}

/**
 * Opens a client's session once every factor has been checked (sign-in with password and code, or
 * with a passkey): the e-mail is marked verified, the session remembers its browser and address,
 * and the sign-in is audited; the device is remembered and, when it is new, an alert to the client
 * in their language is written to the outbox, all in one transaction.
 */
export async function openClientSession(
  deps: AppDeps,
  clientId: string,
  purpose: string,
  origin: SignInOrigin,
  detail: Record<string, string> = {},
): Promise<OpenedSession> {
  const { db, config } = deps;
  const { token, device } = await db.transaction().execute(async (trx) => {
    const signedIn = await trx
      .updateTable('clients')
      .set({ email_verified: true })
      .where('id', '=', clientId)
      .returning(['email', 'language'])
      .executeTakeFirstOrThrow();
    const sessionToken = await createSession(trx, config.secret, 'client', clientId, { userAgent: origin.userAgent, ip: origin.ip });
    await recordAudit(trx, {
      actorType: 'client',
      actorId: clientId,
      action: 'auth.signIn',
      subjectType: 'client',
      subjectId: clientId,
      ip: origin.ip,
      after: { purpose, ...detail },
    });
    const recognized = await recognizeDevice(trx, config.secret, clientId, origin.deviceToken, origin.userAgent);
    if (recognized.newToClient) {
      const alert = { at: new Date(), device: describeDevice(origin.userAgent), ip: origin.ip, sessionsLink: `${config.appUrl}/kabinet#sessions` };
      await queueMail(trx, config.secret, newDeviceMail(signedIn.email, alert, signedIn.language as Language));
    }
    return { token: sessionToken, device: recognized };
  });
  return { user: await loadUserData(db, clientId, token), deviceToken: device.token };
}

/**
 * Answers a sign-in: the device cookie (HttpOnly, sent back only to the sign-in calls) is renewed.
 * The new-device alert is already in the outbox: a slow or failing mail server never holds the
 * sign-in up.
 */
export function answerSignedIn(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession): UserData {
  const { server } = request;
  reply.header(
    'set-cookie',
    server.serializeCookie(DEVICE_COOKIE, opened.deviceToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: server.deps.config.appUrl.startsWith('https:'),
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    }),
  );
  return opened.user;
}
