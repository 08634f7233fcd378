// Must come first: schemas built after it parse without eval (see the module).
import {
  contactFormSchema,
  contactPageFormSchema,
  type ContactFormField,
  type ContactFormRequest,
} from '@bank/contracts/contact/send-contact-form';
import { ApiError, apiRequest } from '../../lib/api';

/**
 * Validation and sending of the contact forms, loaded when a visitor first uses a form: the schema
 * library and the API client stay out of the pages' own chunks.
 */
export type ContactFormVariant = 'home' | 'contact';
export type ContactFieldErrors = Partial<Record<ContactFormField, string>>;

/** docs/product.md#validation: the same contracts schema the server validates with; messages are `contact` translation keys. */
export function validateContactForm(
  variant: ContactFormVariant,
  values: Record<ContactFormField, string>,
): { ok: true; request: ContactFormRequest } | { ok: false; errors: ContactFieldErrors } {
  const input = variant === 'home' ? { name: values.name, email: values.email, phone: values.phone } : values;
  const result = (variant === 'home' ? contactFormSchema : contactPageFormSchema).safeParse(input);
  if (result.success) return { ok: true, request: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactFormField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** POST api/mailer/sendContactFormData (docs/product.md#client-calls), no token. Field errors of a 400 come back as errors. */
export async function sendContactForm(request: ContactFormRequest): Promise<{ ok: true } | { ok: false; errors?: ContactFieldErrors }> {
  try {
    await apiRequest('POST', 'mailer/sendContactFormData', { body: request });
    return { ok: true };
  } catch (error) {
    const fields = error instanceof ApiError && error.status === 400 ? error.body?.fields : undefined;
    return fields ? { ok: false, errors: fields as ContactFieldErrors } : { ok: false };
  }
}
