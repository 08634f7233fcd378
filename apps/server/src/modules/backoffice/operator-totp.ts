import { TOTP_LOCK_MINUTES, TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import { openSecret, sealSecret } from '../../lib/crypto';
import type { CounterPolicy } from '../auth/throttle';

const MINUTE_MS = 60_000;

/** Wrong authenticator codes of one operator, at sign-in and at enrolment alike: the fifth locks them out for a while. */
export const WRONG_TOTP_CODES: CounterPolicy = {
  bucket: 'operator-totp-failures',
  windowMs: TOTP_LOCK_MINUTES * MINUTE_MS,
  blockAfter: TOTP_MAX_FAILURES,
  blockMs: TOTP_LOCK_MINUTES * MINUTE_MS,
};

/** Authenticator secrets are sealed under a key of their own derived from APP_SECRET. */
const TOTP_SEAL_PURPOSE = 'operator-totp';

export function sealOperatorTotpSecret(secret: string, appSecret: string): string {
  return sealSecret(secret, appSecret, TOTP_SEAL_PURPOSE);
}

export function openOperatorTotpSecret(sealed: string, appSecret: string): string {
  return openSecret(sealed, appSecret, TOTP_SEAL_PURPOSE);
}
