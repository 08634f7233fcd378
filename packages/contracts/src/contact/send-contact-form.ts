import { z } from 'zod';
import { CONTACT_FIELD_LIMITS } from './limits';

export { CONTACT_BODY_LIMIT_BYTES, CONTACT_FIELD_LIMITS } from './limits';

/*
 * POST /api/mailer/sendContactFormData (docs/product.md#client-calls): the contact and feedback form, sent without a token.
 * Messages are translation keys of the web app's `contact` namespace (texts of docs/product.md#validation in EN and RU).
 */

/** A local part, an @, and a domain of dot-separated labels ending in a top-level label of 2+ characters; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** Line breaks and other control characters would let a name or phone rewrite the mail's header lines. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, 'validation.tooLong')
    .regex(NO_CONTROL_CHARACTERS, 'validation.invalidCharacters');

const name = requiredText('validation.nameRequired', CONTACT_FIELD_LIMITS.name);
const email = z
  .string({ error: 'validation.emailInvalid' })
  .trim()
  .max(CONTACT_FIELD_LIMITS.email, 'validation.emailInvalid')
  .regex(EMAIL_PATTERN, 'validation.emailInvalid');
const phone = requiredText('validation.phoneRequired', CONTACT_FIELD_LIMITS.phone);

/** What the server accepts: the home form sends no message, the contact page does. */
export const contactFormSchema = z.object({
  name,
  email,
  phone,
  message: z.string().trim().max(CONTACT_FIELD_LIMITS.message, 'validation.tooLong').optional(),
});

/** The contact page's form (docs/product.md#validation): the message is required there. */
export const contactPageFormSchema = contactFormSchema.extend({
  message: z.string({ error: 'validation.messageRequired' }).trim().min(1, 'validation.messageRequired').max(CONTACT_FIELD_LIMITS.message, 'validation.tooLong'),
});

export type ContactFormRequest = z.infer<typeof contactFormSchema>;
export type ContactFormField = keyof ContactFormRequest;

/** The success answer: the message is stored and on its way to the bank's contact address. */
export const contactFormResponseSchema = z.object({ status: z.literal('received') });
export type ContactFormResponse = z.infer<typeof contactFormResponseSchema>;
