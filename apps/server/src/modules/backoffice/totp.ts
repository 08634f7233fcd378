import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@bank/contracts/backoffice/sign-in';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * Authenticator-app codes (RFC 6238) through otplib: SHA-1, 6 digits, 30 s steps, one step of
 * clock drift either way. A code is accepted only for a time step later than the last one
 * accepted, so each code works once.
 */
export const TOTP_ISSUER = 'Meridian Bank Back Office';

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The time step of a valid code (later than `afterStep`), or null. */
export async function acceptedStep(secret: string, code: string, afterStep: number | null, epochSeconds?: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
