import type { RevealCardRequest } from '@bank/contracts/cards/cards';
import type { ErrorBody } from '@bank/contracts/errors';
import { z } from 'zod';
import type { FieldErrors } from '../../lib/formValidation';

/**
 * The step-up before a card's details show (docs/cards.md): the password, and the authenticator's
 * six-digit code where the client signs in with one.
 */
export type RevealFormValues = {
  password: string;
  totpCode: string;
};

export const EMPTY_REVEAL: RevealFormValues = { password: '', totpCode: '' };

const passwordSchema = z.string().min(1, 'validation.password.required').max(200, 'validation.tooLong');
const withoutAppSchema = z.object({ password: passwordSchema, totpCode: z.string() });
const withAppSchema = z.object({
  password: passwordSchema,
  totpCode: z.string().trim().min(1, { error: 'validation.totpCode.required', abort: true }).regex(/^\d{6}$/, 'validation.totpCode.invalid'),
});

/** The form's schema: the code is asked for only from a client with the authenticator on. */
export function revealFormSchema(withApp: boolean): z.ZodType<RevealFormValues> {
  return withApp ? withAppSchema : withoutAppSchema;
}

/** POST /api/cards/:id/reveal's body: the code only where the client uses the authenticator. */
export function revealRequestOf(values: RevealFormValues, withApp: boolean): RevealCardRequest {
  return withApp ? { password: values.password, totpCode: values.totpCode.trim() } : { password: values.password };
}

/**
 * The bank's field errors under the form's fields. The bank names the second factor `code`, as
 * everywhere else, and asks for a missing one with the e-mail code's text; here it is the
 * authenticator's code, so it is said so.
 */
export function revealFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, key] of Object.entries(fields ?? {})) {
    if (name === 'password') errors.password = [key];
    else if (name === 'code' || name === 'totpCode') errors.totpCode = [key === 'validation.code.required' ? 'validation.totpCode.required' : key];
  }
  return errors;
}

/** Whole minutes until the bank answers again after a 429, rounded up; null when it did not say. */
export function retryAfterMinutes(body: ErrorBody | null): number | null {
  const seconds = (body?.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : null;
}
