import { verificationCodeParamsSchema, VERIFY_UPLOAD_MAX_BYTES, type StatementVerification } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, parseWith } from '../../lib/errors';
import { verifyStatementCode, verifyStatementFile } from './verify';

/**
 * Public, so anyone handed a statement can check it; limited per address, since each call may
 * reveal a masked holder and an account for a code guessed right (60 random bits: never in practice).
 */
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/**
 * GET /api/statement/verify/:code and POST /api/statement/verify (the PDF as an application/pdf
 * body). Registered as a plugin of its own so the PDF body parser and its size limit apply to this
 * upload only.
 */
export default async function verifyRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: VERIFY_UPLOAD_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.get('/statement/verify/:code', { config: { rateLimit: VERIFY_RATE_LIMIT } }, async (request): Promise<StatementVerification> => {
    const { code } = parseWith(verificationCodeParamsSchema, request.params);
    return verifyStatementCode(app.deps.db, app.deps.config, code);
  });

  app.post(
    '/statement/verify',
    { bodyLimit: VERIFY_UPLOAD_MAX_BYTES, config: { rateLimit: VERIFY_RATE_LIMIT } },
    async (request): Promise<StatementVerification> => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('BAD_REQUEST', { message: 'Send the statement file as the body, with content-type application/pdf' });
      }
      return verifyStatementFile(app.deps.db, app.deps.config, request.body);
    },
  );
}
