import { z } from 'zod';
import { CURRENCIES, type Currency } from '../money';
import { LIMITS } from '../protocol';
import { PAYMENT_REGIONS } from '../tariffs';
import { optionalDateSchema } from '../transfers/dates';
import { TRANSACTION_TYPES } from '../transfers/transaction-record';
import { isValidTimeZone, STATEMENT_PERIODS } from './periods';

/** docs/product.md#tariffs-and-limits: the statement shows 8 rows a page; an API caller may ask for up to 100. */
export const STATEMENT_PAGE_SIZE = LIMITS.pageSize;
export const STATEMENT_MAX_PAGE_SIZE = LIMITS.maxPageSize;
/** Longest text accepted in a substring filter. */
export const STATEMENT_FILTER_MAX_LENGTH = 100;
export const STATEMENT_LANGUAGES = ['en', 'ru'] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

/** A query-string value: an empty text is the same as no value. */
export const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, 'validation.filter.tooLong').optional());

/** A checkbox in a query string: true/1/on or false/0/off. */
const flagSchema = z.preprocess(
  blank,
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'validation.filter.flag' })
    .transform((value) => value === 'true' || value === '1' || value === 'on')
    .optional(),
);

/** An exact amount to look for: a positive decimal (the account's scale is not known here). */
const amountFilterSchema = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, 'validation.amount.invalid')
    .optional(),
);

/** IANA name of the client's time zone in a query (UTC when missing). */
export const timeZoneSchema = z.preprocess(blank, z.string().refine(isValidTimeZone, 'validation.timeZone.unknown').default('UTC'));

/** Rows a page in a query: the product's 8 unless the caller asks for up to 100. */
export const pageLimitSchema = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'validation.limit.invalid' })
    .int('validation.limit.invalid')
    .min(1, 'validation.limit.invalid')
    .max(STATEMENT_MAX_PAGE_SIZE, 'validation.limit.invalid')
    .default(STATEMENT_PAGE_SIZE),
);

/**
 * What GET /api/statement answers: a page (json), or the whole filtered statement as a file: the product's
 * CSV, a signed PDF, or the bank formats ISO 20022 camt.053 and SWIFT MT940. The files other than
 * CSV are statements of one account: they need `accountNumber`.
 */
export const STATEMENT_FORMATS = ['json', 'csv', 'pdf', 'camt053', 'mt940'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const SINGLE_ACCOUNT_FORMATS: readonly StatementFormat[] = ['pdf', 'camt053', 'mt940'];

/**
 * GET /api/statement (bearer) query: every filter of docs/product.md#screens-and-routes plus paging, format and the client's
 * time zone and language. `selectedType` is accepted as another name of `type` (the product's filter name).
 */
export const statementQuerySchema = z
  .object({
    accountNumber: optionalText(40),
    period: z.preprocess(blank, z.enum(STATEMENT_PERIODS, { error: 'validation.period.unknown' }).optional()),
    from: optionalDateSchema,
    to: optionalDateSchema,
    purpose: optionalText(STATEMENT_FILTER_MAX_LENGTH),
    recipient: optionalText(STATEMENT_FILTER_MAX_LENGTH),
    amount: amountFilterSchema,
    incoming: flagSchema,
    outgoing: flagSchema,
    currency: z.preprocess(blank, z.enum(CURRENCIES as [Currency, ...Currency[]], { error: 'validation.currency.unknown' }).optional()),
    type: z.preprocess(blank, z.enum(TRANSACTION_TYPES, { error: 'validation.type.unknown' }).optional()),
    selectedType: z.preprocess(blank, z.enum(TRANSACTION_TYPES, { error: 'validation.type.unknown' }).optional()),
    templateName: optionalText(STATEMENT_FILTER_MAX_LENGTH),
    paymentRegion: z.preprocess(blank, z.enum(PAYMENT_REGIONS, { error: 'validation.paymentRegion.unknown' }).optional()),
    /** IANA name of the client's time zone; presets and custom dates are days of that zone. */
    timeZone: timeZoneSchema,
    limit: pageLimitSchema,
    /** The page wanted (1 = newest rows). */
    page: z.preprocess(
      blank,
      z.coerce.number({ error: 'validation.page.invalid' }).int('validation.page.invalid').min(1, 'validation.page.invalid').max(1e9, 'validation.page.invalid').optional(),
    ),
    /** The opaque position of a page answered before; with `page` it makes the move a keyset seek. */
    cursor: z.preprocess(blank, z.string().max(1000, 'validation.cursor.invalid').optional()),
    format: z.preprocess(blank, z.enum(STATEMENT_FORMATS, { error: 'validation.format.unknown' }).default('json')),
    lang: z.preprocess(blank, z.enum(STATEMENT_LANGUAGES, { error: 'validation.lang.unknown' }).default('en')),
  })
  .transform(({ selectedType, ...query }) => ({ ...query, type: query.type ?? selectedType }))
  .superRefine((query, context) => {
    if (!query.period && query.from && query.to && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period.toBeforeFrom' });
    }
    if (SINGLE_ACCOUNT_FORMATS.includes(query.format) && !query.accountNumber) {
      context.addIssue({ code: 'custom', path: ['accountNumber'], message: 'validation.accountNumber.required' });
    }
  });
export type StatementQueryInput = z.input<typeof statementQuerySchema>;
export type StatementQuery = z.output<typeof statementQuerySchema>;

/** The filters alone (what a page, a CSV file and a summary have in common). */
export type StatementFilters = Omit<StatementQuery, 'limit' | 'page' | 'cursor' | 'format' | 'lang'>;
