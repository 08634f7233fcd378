import { z } from 'zod';
import { codeSentResponseSchema } from './codes';
import { accountTypeSchema, emailSchema, languageSchema } from './fields';
import { phoneSchema } from './phone';
import { newPasswordSchema } from './password';

/**
 * POST /api/registrations (docs/product.md#client-calls): creates a personal or business client and e-mails a
 * verification code; registration step 2 is POST /api/login with that code.
 * 409 answers carry the protocol texts 'Email already exist', 'Phone already exist' and
 * 'Invalid password' (a password breaking the rule of docs/product.md#validation).
 */
export const registrationRequestSchema = z
  .object({
    email: emailSchema,
    phone: phoneSchema,
    password: newPasswordSchema,
    accountType: accountTypeSchema,
    /** docs/product.md#data: the form also sends the type, personal or business; the account type decides. */
    type: accountTypeSchema.optional().catch(undefined),
    language: languageSchema,
  });
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
export type RegistrationInput = z.output<typeof registrationRequestSchema>;

export const registrationResponseSchema = codeSentResponseSchema;
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
