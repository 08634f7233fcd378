import { PROTOCOL } from '@bank/contracts';
import type { ApprovalItem } from '@bank/contracts/backoffice/approvals';
import {
  changeRolesRequestSchema,
  completeEnrolmentRequestSchema,
  deactivateOperatorRequestSchema,
  inviteOperatorRequestSchema,
  operatorChangeReasonSchema,
  operatorPasswordChangeRequestSchema,
  type EnrolmentInfo,
  type InviteOperatorResponse,
  type OperatorProposedResponse,
  type OperatorRow,
  type OperatorsResponse,
} from '@bank/contracts/backoffice/operators';
import type { OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, parseWith } from '../../lib/errors';
import { sendProtocolText } from '../auth';
import { completeEnrolment, readEnrolment } from './enrolment';
import { operatorOf, requireArea } from './guard';
import { changeOperatorPassword, deactivateOperator, inviteOperator, proposeAuthenticatorReset, proposeReactivation, proposeRolesChange } from './operator-admin';
import { listOperators, waitsForSecondAdmin } from './operators';
import { uuidParam } from '../../lib/params';

/**
 * Calls that anyone holding a link may make: per address, a person needs a handful, and the
 * token's 256 bits make guessing pointless anyway.
 */
export const ENROLMENT_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** An operator's own password change. */
export const OPERATOR_PASSWORD_RATE_LIMIT = { max: 20, timeWindow: 15 * 60_000 } as const;

/** A token of an enrolment link: base64url of 32 random bytes. Anything else cannot exist. */
function enrolmentToken(request: FastifyRequest): string {
  const value = (request.params as Record<string, string | undefined>).token;
  if (!value || !/^[A-Za-z0-9_-]{32,64}$/.test(value)) throw new AppError('NOT_FOUND');
  return value;
}

/**
 * Operators own their credentials (docs/bank-controls.md, contracts' backoffice/operators.ts): the admin's
 * calls under /api/backoffice/operators, the public enrolment link's two calls, and an operator's
 * own password change.
 */
export function operatorRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const registry = app.approvalKinds;
  const { db } = deps;
  const operators = { preHandler: requireArea('operators') };
  // Every proposal about operators needs a second admin: the answer says when none exists yet.
  const proposed = async (approval: ApprovalItem): Promise<OperatorProposedResponse> => ({ approval, waitsForSecondAdmin: await waitsForSecondAdmin(db) });

  app.get('/backoffice/operators', operators, async (): Promise<OperatorsResponse> => ({ items: await listOperators(db), waitsForSecondAdmin: await waitsForSecondAdmin(db) }));
  app.post('/backoffice/operators', operators, async (request): Promise<InviteOperatorResponse> =>
    inviteOperator(deps, registry, parseWith(inviteOperatorRequestSchema, request.body), operatorOf(request), { ip: request.ip }),
  );
  app.post('/backoffice/operators/:operatorId/deactivate', operators, async (request): Promise<OperatorRow> => {
    const operatorId = uuidParam(request, 'operatorId');
    const { reason } = parseWith(deactivateOperatorRequestSchema, request.body);
    return deactivateOperator(db, operatorId, operatorOf(request), reason, { ip: request.ip });
  });
  app.post('/backoffice/operators/:operatorId/roles', operators, async (request): Promise<OperatorProposedResponse> => {
    const operatorId = uuidParam(request, 'operatorId');
    return proposed(await proposeRolesChange(db, registry, operatorId, parseWith(changeRolesRequestSchema, request.body), operatorOf(request)));
  });
  app.post('/backoffice/operators/:operatorId/reactivate', operators, async (request): Promise<OperatorProposedResponse> => {
    const operatorId = uuidParam(request, 'operatorId');
    const { reason } = parseWith(operatorChangeReasonSchema, request.body);
    return proposed(await proposeReactivation(db, registry, operatorId, reason, operatorOf(request)));
  });
  app.post('/backoffice/operators/:operatorId/reset-authenticator', operators, async (request): Promise<OperatorProposedResponse> => {
    const operatorId = uuidParam(request, 'operatorId');
    const { reason } = parseWith(operatorChangeReasonSchema, request.body);
    return proposed(await proposeAuthenticatorReset(db, registry, operatorId, reason, operatorOf(request)));
  });

  const enrolment = { config: { rateLimit: ENROLMENT_RATE_LIMIT } };
  app.get('/backoffice/enrolment/:token', enrolment, async (request): Promise<EnrolmentInfo> => readEnrolment(deps, enrolmentToken(request), { ip: request.ip }));
  app.post('/backoffice/enrolment/:token', enrolment, async (request): Promise<OperatorSignedIn> => {
    const token = enrolmentToken(request);
    return completeEnrolment(deps, token, parseWith(completeEnrolmentRequestSchema, request.body), { ip: request.ip });
  });

  app.post('/backoffice/password', { preHandler: requireArea('overview'), config: { rateLimit: OPERATOR_PASSWORD_RATE_LIMIT } }, async (request, reply) => {
    const input = parseWith(operatorPasswordChangeRequestSchema, request.body);
    await changeOperatorPassword(deps, { operatorId: operatorOf(request).id, sessionId: request.session!.sessionId }, input, { ip: request.ip });
    return sendProtocolText(reply, PROTOCOL.done);
  });
}
