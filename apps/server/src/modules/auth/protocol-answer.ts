import { PROTOCOL } from '@bank/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Answers one of the product's protocol texts as a JSON string (the body is `"Created"` or `"Done"`):
 * Fastify would send a bare string as text/plain, which the web app does not compare against.
 */
export function sendProtocolText(reply: FastifyReply, text: typeof PROTOCOL.created | typeof PROTOCOL.done, status = 200) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(text));
}
