import { mayUse, type BackofficeArea, type Operator } from '@bank/contracts/backoffice/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { requireOperator } from '../auth';
import { loadActiveOperator } from './operators';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of a back-office call; set by `requireArea`. */
    operator?: Operator;
  }
}

/**
 * preHandler of every back-office call: a live operator token of an active operator (anything
 * else, a client's token or a deactivated operator's too, is 401) and a role that may use the area
 * (else 403). The operator is read on every call, so a change of roles or a deactivation holds at
 * once.
 */
export function requireArea(area: BackofficeArea) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireOperator(request, reply);
    const operator = await loadActiveOperator(request.server.deps.db, request.session!.subjectId);
    if (!operator) throw new AppError('INVALID_AUTHORIZATION');
    if (!mayUse(operator.roles, area)) throw new AppError('FORBIDDEN', { message: 'Your role does not allow this' });
    request.operator = operator;
  };
}

/** The operator of a call guarded by requireArea. */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('INVALID_AUTHORIZATION');
  return request.operator;
}
