import { TOTP_LOCK_MINUTES, TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import type { Db } from '../../db';
import { openWithRing, sealSecret, type OpenedSecret, type SecretRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { SealedColumn } from '../../lib/sealed-columns';
import { recordAudit } from '../audit';
import { lockingCounter } from '../auth';

const MINUTE_MS = 60_000;

/** Wrong authenticator codes of one operator, at sign-in and at enrolment alike: the fifth locks them out for a while. */
export const WRONG_TOTP_CODES = lockingCounter('operator-totp-failures', TOTP_LOCK_MINUTES * MINUTE_MS, TOTP_MAX_FAILURES);

/** Authenticator secrets are sealed under a key of their own derived from APP_SECRET. */
const TOTP_SEAL_PURPOSE = 'operator-totp';

/** Where operators' authenticator secrets are kept sealed: re-sealed in bulk after a rotation (cli/secrets-reseal.ts). */
export const OPERATOR_SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'operators', column: 'totp_secret', purpose: TOTP_SEAL_PURPOSE },
  { table: 'operators', column: 'totp_pending_secret', purpose: TOTP_SEAL_PURPOSE },
];

export function sealOperatorTotpSecret(secret: string, appSecret: SecretRing): string {
  return sealSecret(secret, appSecret.current, TOTP_SEAL_PURPOSE);
}

/**
 * An operator's sealed authenticator secret (enrolled or pending on an enrolment link), opened by the
 * current or the previous APP_SECRET. One that neither opens (sealed under a secret since dropped) is
 * audited and refused with a code of its own, never a 500: an admin resets the operator's
 * authenticator, which mails a new enrolment link.
 */
export async function openOperatorTotpSecret(
  db: Db,
  sealed: string,
  appSecret: SecretRing,
  audit: { operatorId: string; ip: string; during: 'signIn' | 'enrolment' },
): Promise<OpenedSecret> {
  const opened = openWithRing(sealed, appSecret, TOTP_SEAL_PURPOSE);
  if (opened) return opened;
  await recordAudit(db, {
    actorType: 'anonymous',
    action: 'backoffice.authenticatorUnreadable',
    subjectType: 'operator',
    subjectId: audit.operatorId,
    ip: audit.ip,
    after: { during: audit.during },
  });
  throw new AppError('AUTHENTICATOR_RESET_REQUIRED', { message: 'The authenticator must be set up again: an admin resets it', fields: { totpCode: 'validation.totpCode.resetRequired' } });
}
