// Validation of form values with contracts' schemas, shared by every form: errors per field as the
// translation keys the schemas carry (the form-field kit translates them).
import type { z } from 'zod';

/** Field name → the translation keys of its broken rules, in order (a password may break several). */
export type FieldErrors = Record<string, string[]>;

export function collectErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** Validates form values with a contracts schema: the parsed data, or the errors per field. */
export function validate<T>(schema: z.ZodType<T>, values: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: collectErrors(result.error) };
}

/** Server field errors (field → one key) in the same shape. */
export function serverFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([field, key]) => [field, [key]]));
}
