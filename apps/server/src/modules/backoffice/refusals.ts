import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';

/**
 * Every operator action is an audit row, refusals too: an operator's call the bank refused for
 * what it would do (403: not their role, their own proposal, their own client; 409: decided
 * already, a stale record, a possible duplicate) leaves a row naming the call and the reason, so
 * an insider trying the controls is seen trying. A bad body (400) is a typing mistake, not an act,
 * and is not recorded. Written in a transaction of its own, since the refused act's rolled back.
 */
const RECORDED_STATUSES = new Set([403, 409]);

export function auditRefusals(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    // The guard names the operator once their role opens the area; a call their role does not open is theirs too.
    const operatorId = request.operator?.id ?? (request.session?.subjectType === 'operator' ? request.session.subjectId : undefined);
    if (!operatorId || !(error instanceof AppError) || !RECORDED_STATUSES.has(error.status)) return;
    const route = request.routeOptions.url ?? request.url;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const subject = Object.values(params).find((value): value is string => typeof value === 'string') ?? null;
    try {
      await recordAudit(app.deps.db, {
        actorType: 'operator',
        actorId: operatorId,
        action: 'backoffice.refused',
        subjectType: route,
        subjectId: subject,
        ip: request.ip,
        after: { method: request.method, route, code: error.code, reason: error.details?.reason ?? null, message: error.message },
      });
    } catch (auditError) {
      // The refusal still goes to the operator; a trail that cannot be written is the log's to tell.
      request.log.error({ err: auditError }, 'refusal not audited');
    }
  });
}
