import { z } from 'zod';
import { LIMITS } from '../protocol';

/**
 * docs/product.md#validation: a new password has at least 8 characters, one uppercase letter, one lowercase letter and
 * one digit; each broken rule has its own message. Letters of any alphabet count (a Cyrillic
 * capital is an uppercase letter). Up to 128 characters are accepted and hashed whole.
 */
export const PASSWORD_RULES = [
  { key: 'validation.password.minLength', test: (password: string) => password.length >= LIMITS.passwordMinLength },
  { key: 'validation.password.uppercase', test: (password: string) => /\p{Lu}/u.test(password) },
  { key: 'validation.password.lowercase', test: (password: string) => /\p{Ll}/u.test(password) },
  { key: 'validation.password.digit', test: (password: string) => /\d/.test(password) },
] as const;

/** The translation keys of the rules a password breaks, in the order of PASSWORD_RULES. */
export function brokenPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.key);
}

export const newPasswordSchema = z
  .string({ error: 'validation.password.required' })
  .min(1, { error: 'validation.password.required' })
  .max(LIMITS.passwordMaxLength, { error: 'validation.password.maxLength' })
  .superRefine((password, context) => {
    for (const key of brokenPasswordRules(password)) context.addIssue({ code: 'custom', message: key });
  });
