import { z } from 'zod';

/** Rows per page of every back-office list. */
export const BACKOFFICE_PAGE_SIZE = 20;

/** `page` of a list query: 1 when missing. */
export const pageNumberSchema = z.coerce
  .number({ error: 'validation.page.invalid' })
  .int('validation.page.invalid')
  .min(1, 'validation.page.invalid')
  .max(100_000, 'validation.page.invalid')
  .default(1);

/** One page of a back-office list, newest first. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
export interface Page<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
}

/** Optional search text of a list query: blank means none. */
export const searchTextSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(200, 'validation.tooLong')
  .optional()
  .transform((value) => (value ? value : undefined));
