import { z } from 'zod';

/** An optional calendar date ("2026-11-21" or a full ISO timestamp); answered as YYYY-MM-DD. */
export const optionalDateSchema = z
  .string({ error: 'validation.date.invalid' })
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return undefined;
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
    const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : null;
    if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${match[1]}-${match[2]}-${match[3]}`) {
      context.addIssue({ code: 'custom', message: 'validation.date.invalid' });
      return z.NEVER;
    }
    return `${match[1]}-${match[2]}-${match[3]}`;
  });
