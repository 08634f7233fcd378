import { LOGIN_CODE_TTL_SECONDS } from '@bank/contracts/auth/codes';
import type { Language } from '@bank/contracts/auth/fields';
import { PASSWORD_RESET_TTL_MINUTES } from '@bank/contracts/users/password-refresh';
import type { FastifyRequest } from 'fastify';
import type { MailMessage } from '../../lib/mailer';
import { composeMail } from '../mail';
import type { DeviceDescription } from './device-description';
import type { LockAlert } from './lockouts';

/**
 * The identity mails, in the reader's language: the one the web app sends with the request, else
 * the browser's Accept-Language, else English.
 */
export function mailLanguage(request: FastifyRequest, chosen: Language | undefined): Language {
  if (chosen) return chosen;
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^\s*ru\b/i.test(header) ? 'ru' : 'en';
}

/*
 * Each identity mail is a key of the mail module's catalogs and its variables; the texts are
 * there, in English and Russian.
 */
const CODE_MINUTES = LOGIN_CODE_TTL_SECONDS / 60;

export function codeMail(to: string, code: string, purpose: 'login' | 'registration', language: Language): MailMessage {
  return composeMail(purpose === 'registration' ? 'registrationCode' : 'signInCode', language, { code, minutes: CODE_MINUTES }, to);
}

export function resetMail(to: string, link: string, language: Language): MailMessage {
  return composeMail('passwordReset', language, { link, minutes: PASSWORD_RESET_TTL_MINUTES }, to);
}

export function passwordChangedMail(to: string, language: Language): MailMessage {
  return composeMail('passwordChanged', language, {}, to);
}

/** What a new-device alert says about the sign-in. */
export interface SignInAlert {
  /** The moment, told in UTC: the server cannot know the reader's zone. */
  at: Date;
  device: DeviceDescription;
  ip: string;
  /** The cabinet's sessions list, where the client can end the session. */
  sessionsLink: string;
}

export function newDeviceMail(to: string, alert: SignInAlert, language: Language): MailMessage {
  const { browser, os } = alert.device;
  return composeMail('newDevice', language, { at: alert.at, device: { browser, os }, ip: alert.ip, sessionsLink: alert.sessionsLink }, to);
}

/**
 * A passkey added to or removed from the client's online banking: a passkey signs in on its own,
 * so the client hears of every one, and can remove one they did not add.
 */
export function passkeyChangedMail(to: string, change: 'added' | 'removed', name: string, language: Language): MailMessage {
  return composeMail(change === 'added' ? 'passkeyAdded' : 'passkeyRemoved', language, { name }, to);
}

/**
 * Sign-ins to the client's online banking were paused after too many failures: mailed once per
 * lock, saying what is paused (sign-ins from one address, from devices new to the account, or from
 * one known device), what still works, and whether the password was right.
 */
export function signInLockedMail(to: string, alert: LockAlert, language: Language): MailMessage {
  const scope = alert.per === 'account' ? 'new-devices' : alert.per === 'device' ? 'device' : 'address';
  return composeMail('signInLocked', language, { scope, ip: alert.ip, minutes: alert.minutes, password: alert.passwordWasRight ? 'right' : 'wrong' }, to);
}
