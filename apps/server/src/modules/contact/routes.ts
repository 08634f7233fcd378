import {
  CONTACT_BODY_LIMIT_BYTES,
  contactFormSchema,
  type ContactFormResponse,
} from '@bank/contracts/contact/send-contact-form';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, parseWith } from '../../lib/errors';
import { receiveContactMessage } from './service';

/** Messages one address may send per window: enough for a person, too few for a flood. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindowMs: 15 * 60_000 } as const;

/** Framework errors about the body that this endpoint answers as a plain 400 (bad request). */
const BODY_ERRORS = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * POST /api/mailer/sendContactFormData (docs/product.md#client-calls), no token: validates the form, stores the message,
 * mails it to the bank's contact address, and answers `{status: 'received'}`.
 */
export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated: only this plugin's routes answer an oversized or non-JSON body with 400; anything
  // else goes on to the app's handler.
  app.setErrorHandler((error: FastifyError, _request, _reply) => {
    if (BODY_ERRORS.has(error.code)) {
      throw new AppError('BAD_REQUEST', {
        message: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large' : 'Bad request',
      });
    }
    throw error;
  });

  app.post(
    '/mailer/sendContactFormData',
    {
      bodyLimit: CONTACT_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: CONTACT_RATE_LIMIT.max, timeWindow: CONTACT_RATE_LIMIT.timeWindowMs } },
    },
    async (request): Promise<ContactFormResponse> => {
      const form = parseWith(contactFormSchema, request.body);
      await receiveContactMessage(app.deps.db, app.deps.config.secret, form, request.ip, app.deps.config.contactEmail);
      return { status: 'received' };
    },
  );
}
