import type { Language } from '@bank/contracts/auth/fields';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit';
import { queueMail } from '../mail';
import { describeDevice } from './device-description';
import { DEVICE_COOKIE, recognizeDevice } from './devices';
import { newDeviceMail } from './mail-templates';
import { createSession } from './sessions';

/** Where a client's sign-in comes from: address, browser and the device cookie, if any. */
export interface SignInOrigin {
  ip: string;
  userAgent: string | undefined;
  deviceToken: string | undefined;
}

export interface OpenedSession {
  clientId: string;
  /** The session's bearer token, which the answer's user data carries. */
  token: string;
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
  return { clientId, token, deviceToken: device.token };
}
