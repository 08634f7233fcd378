import { AMOUNT_PROBLEM_MESSAGES } from '@bank/contracts/accounts/fields';
import type { ErrorBody } from '@bank/contracts/errors';
import { parseAmount, type Currency } from '@bank/contracts/money';

/** Field name → translation key of its first problem. */
export type FieldErrors = Record<string, string>;

/** The path of an issue as the form names its fields: nested recipient details are named plainly. */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  const names = path.map(String);
  return names[0] === 'recipientDetails' && names.length > 1 ? names.slice(1).join('.') : names.join('.');
}

/** The first problem of each field from a failed contracts-schema parse (messages are translation keys). */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = fieldName(issue.path);
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * Checks a transfer payload with its contracts schema and, when the source account's currency is
 * known, the amount's decimals for that currency (the schema alone cannot know the account's).
 */
export function transferFieldErrors(
  schema: { safeParse(input: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } } },
  payload: unknown,
  amountText: string,
  currency: Currency | null | undefined,
): FieldErrors {
  const parsed = schema.safeParse(payload);
  const found = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  if (currency && !found.amount) {
    const amount = parseAmount(amountText, currency);
    if (!amount.ok) found.amount = AMOUNT_PROBLEM_MESSAGES[amount.problem];
  }
  return found;
}

/** The field errors a server answer carries ('recipientDetails.recipientsIban' → 'recipientsIban'). */
export function serverFieldErrors(body: ErrorBody | null): FieldErrors {
  return issuesToFieldErrors(Object.entries(body?.fields ?? {}).map(([path, message]) => ({ path: path.split('.'), message })));
}

/** Removes one field's error when the client edits that field. */
export function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _edited, ...rest } = errors;
  return rest;
}

/** An account number as typed or pasted ("4070 0000 0001 58") in the form the bank checks. */
export function compactAccountNumber(value: string): string {
  return value.replace(/[\s\u00a0\u202f-]/g, '');
}
