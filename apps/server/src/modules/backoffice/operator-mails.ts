import { ENROLMENT_LINK_HOURS } from '@bank/contracts/backoffice/operators';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import type { MailMessage } from '../../lib/mailer';
import { OPERATOR_KNOWN_ADDRESS_DAYS, type LockAlert } from '../auth';
import { composeMail } from '../mail';

/**
 * The back office's mails to operators, each a key of the mail module's catalogs and its variables.
 * Operators have no language of their own, so each mail carries English and Russian, one after the
 * other.
 */

/** Why a link is mailed: a first invitation, an approved authenticator reset, or a return after deactivation. */
export type EnrolmentOccasion = 'invited' | 'reset' | 'reactivated';

export function enrolmentMail(to: string, name: string, link: string, occasion: EnrolmentOccasion): MailMessage {
  return composeMail('operatorEnrolment', 'both', { name, link, hours: ENROLMENT_LINK_HOURS, occasion }, to);
}

/** To every active operator when an operator is created on the server with `npm run operator:create`. */
export function operatorCreatedOnServerMail(to: string, created: { email: string; name: string; roles: readonly OperatorRole[] }): MailMessage {
  return composeMail('operatorCreatedOnServer', 'both', { name: created.name, email: created.email, roles: created.roles }, to);
}

export function operatorPasswordChangedMail(to: string): MailMessage {
  return composeMail('operatorPasswordChanged', 'both', {}, to);
}

/**
 * Sign-ins as the operator were paused (lockouts.ts): from one address, or, after a guess spread
 * over many, from every address the operator has not used lately.
 */
export function operatorLockedMail(to: string, alert: LockAlert): MailMessage {
  const scope = alert.per === 'account' ? 'new-addresses' : 'address';
  return composeMail(
    'operatorSignInLocked',
    'both',
    { scope, ip: alert.ip, minutes: alert.minutes, days: OPERATOR_KNOWN_ADDRESS_DAYS, password: alert.passwordWasRight ? 'right' : 'wrong' },
    to,
  );
}
