import { z } from 'zod';
import { pageNumberSchema, pageSchema } from './paging';

/** GET /api/backoffice/contact-messages?page= (every operator): the public site's messages, newest first. */
export const contactMessagesQuerySchema = z.object({ page: pageNumberSchema });

export const contactMessageSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessagesResponseSchema = pageSchema(contactMessageSchema);
export type ContactMessagesResponse = z.infer<typeof contactMessagesResponseSchema>;

/** POST /api/backoffice/contact-messages/:id/handled: marks the message handled (once; again does nothing). */
export const contactMessageHandledResponseSchema = contactMessageSchema;
