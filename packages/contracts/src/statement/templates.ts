import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { CURRENCIES, type Currency } from '../money';
import { PAYMENT_REGIONS } from '../tariffs';
import { TRANSACTION_TYPES } from '../transfers/transaction-record';
import { STATEMENT_FILTER_MAX_LENGTH } from './statement-query';

/** Most templates answered at once. */
export const TEMPLATES_MAX = 200;

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max, 'validation.filter.tooLong').optional());

/**
 * GET /api/statement/templates (bearer): the client's saved templates, filtered as docs/product.md#data
 * `filtersTemplates` describes: accountNumber (exact), recipient (case-insensitive substring of
 * the target account or the recipient's name) and templateName (case-insensitive substring).
 */
export const templatesQuerySchema = z.object({
  accountNumber: optionalText(40),
  recipient: optionalText(STATEMENT_FILTER_MAX_LENGTH),
  templateName: optionalText(STATEMENT_FILTER_MAX_LENGTH),
});
export type TemplatesQuery = z.output<typeof templatesQuerySchema>;

/**
 * A saved template: a transfer the client named in the transfer form (templateName). The latest
 * transfer under a name is the template, so sending again under the same name updates it.
 */
export const transferTemplateSchema = z.object({
  templateName: z.string(),
  /** The client's account the transfer is paid from. */
  accountNumber: z.string(),
  currency: z.enum(CURRENCIES as [Currency, ...Currency[]]),
  /** Target account (an account of the bank, or an IBAN / account number abroad). */
  toAccount: z.string(),
  recipient: z.string(),
  amount: moneyStringSchema,
  type: z.enum(TRANSACTION_TYPES),
  paymentRegion: z.enum(PAYMENT_REGIONS).nullable(),
  purpose: z.string().nullable(),
  /** When it was last used, unix seconds, and how many transfers were made with it. */
  lastUsed: z.number().int(),
  uses: z.number().int(),
});
export type TransferTemplate = z.infer<typeof transferTemplateSchema>;
export const templatesResponseSchema = z.array(transferTemplateSchema);
