import { z } from 'zod';
import { pageNumberSchema, pageSchema, searchTextSchema } from './paging';

/**
 * GET /api/backoffice/audit?subject=&actor=&page= (every operator, read-only): the append-only
 * trail of who did what, when, with the state before and after. `subject` matches a subject id
 * (a KYC id, a transfer id, a currency…) or type; `actor` an operator's or client's id or e-mail.
 */
export const auditQuerySchema = z.object({ subject: searchTextSchema, actor: searchTextSchema, page: pageNumberSchema });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.enum(['client', 'operator', 'system', 'anonymous']),
  actorId: z.string().nullable(),
  /** The operator's or client's e-mail, when the actor is one. */
  actorName: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = pageSchema(auditEntrySchema);
export type AuditResponse = z.infer<typeof auditResponseSchema>;
