import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { touchSession, type Session, type SubjectType } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of a signed-in client or operator; set by the guards below. */
    session?: Session;
  }
  interface FastifyContextConfig {
    /**
     * The call answers a client the bank has closed (docs/bank-controls.md#closing-a-client): the
     * user data, sign-out, the statement and the closure itself. Every other client call is a 403
     * CLIENT_CLOSED for such a client.
     */
    openToClosedClient?: boolean;
  }
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the request's bearer token with `resolve` (touchSession, or a statement made by
 * sessionStatement that reads more in the same round trip) and keeps the session on the request:
 * 401 'Invalid authorization data' without a token or a live session of it.
 */
export async function withSession<T extends { session: Session }>(request: FastifyRequest, resolve: (token: string) => Promise<T | null>): Promise<T> {
  const token = bearerToken(request);
  const found = token ? await resolve(token) : null;
  if (!found) throw new AppError('INVALID_AUTHORIZATION');
  if (found.session.closedByBank && request.routeOptions.config.openToClosedClient !== true) throw new AppError('CLIENT_CLOSED');
  request.session = found.session;
  return found;
}

function guardFor(subjectType: SubjectType) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const { db, config } = request.server.deps;
    await withSession(request, async (token) => {
      const session = await touchSession(db, config.secret, token, subjectType);
      return session && { session };
    });
  };
}

/** preHandler for client calls: 401 'Invalid authorization data' unless a live client token is sent. */
export const requireClient = guardFor('client');
/** preHandler for back-office calls: operator tokens only. */
export const requireOperator = guardFor('operator');

/** The signed-in client's id inside a handler guarded by requireClient. */
export function clientIdOf(request: FastifyRequest): string {
  if (request.session?.subjectType !== 'client') throw new AppError('INVALID_AUTHORIZATION');
  return request.session.subjectId;
}

export function operatorIdOf(request: FastifyRequest): string {
  if (request.session?.subjectType !== 'operator') throw new AppError('INVALID_AUTHORIZATION');
  return request.session.subjectId;
}
