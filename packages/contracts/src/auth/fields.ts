import { z } from 'zod';
import { LIMITS } from '../protocol';

/**
 * Field schemas shared by the identity operations. Messages are translation keys of the web app's
 * `validation` namespace, never English text.
 */

/** Longest e-mail address SMTP allows (RFC 5321: 254 characters in a path). */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address, trimmed and lower-cased so one mailbox is one client. */
export const emailSchema = z
  .string({ error: 'validation.email.required' })
  .trim()
  .min(1, { error: 'validation.email.required' })
  .max(EMAIL_MAX_LENGTH, { error: 'validation.email.invalid' })
  .pipe(z.email({ error: 'validation.email.invalid' }))
  .transform((email) => email.toLowerCase());

export const accountTypeSchema = z.enum(['personal', 'business'], { error: 'validation.accountType.required' });
export type AccountType = z.infer<typeof accountTypeSchema>;

/** The language the client reads; mails are written in it. Optional: the server falls back to Accept-Language. */
export const languageSchema = z.enum(['en', 'ru']).optional().catch(undefined);
export type Language = 'en' | 'ru';

/** The password typed to sign in: any text up to the limit (the strength rule applies when it is set). */
export const currentPasswordSchema = z
  .string({ error: 'validation.password.required' })
  .min(1, { error: 'validation.password.required' })
  .max(LIMITS.passwordMaxLength, { error: 'validation.password.maxLength' });

/** E-mail and password as typed to sign in: both steps of the sign-in send them. */
export const signInCredentialsSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
