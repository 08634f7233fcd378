import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath, ERROR_CODES, type ErrorBody, type ErrorCode } from '@bank/contracts';
import type { z } from 'zod';

/** The one error type of the server: a code from contracts, optional field errors and details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    options: { message?: string; fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? ERROR_CODES[code].message);
    this.status = ERROR_CODES[code].status;
    this.fields = options.fields;
    this.details = options.details;
  }
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** Field errors of a zod failure as path → message (a translation key where the schema gives one). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A body or query with a control character anywhere is a 400 naming the field (contracts' text rule). */
export function refuseControlCharacters(input: unknown): void {
  const path = controlCharacterPath(input);
  if (path !== null) throw new AppError('VALIDATION_FAILED', { message: 'Text may not contain control characters', fields: { [path || '_']: CONTROL_CHARACTER_MESSAGE } });
}

/** Parses input with a contracts schema; a failure is a 400 with the field errors, never a 500. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseControlCharacters(input);
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AppError('VALIDATION_FAILED', { fields: fieldErrors(result.error) });
  return result.data;
}
