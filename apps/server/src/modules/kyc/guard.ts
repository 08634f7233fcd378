import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientIdOf, requireClient } from '../auth/guard';
import { assertIdentified } from './service';

/**
 * preHandler for calls only identified clients may make (DESIGN §6: moving money): the client
 * guard first (401 'Invalid authorization data'), then 403 unless the KYC is approved.
 */
export async function requireIdentifiedClient(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireClient(request, reply);
  await assertIdentified(request.server.deps.db, clientIdOf(request));
}
