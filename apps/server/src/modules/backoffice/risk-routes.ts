import { clientClosureRequestSchema, clientRiskRequestSchema, type ClientRiskProposedResponse } from '@bank/contracts/backoffice/clients';
import { highRiskFeeProposalSchema, type HighRiskFeeResponse } from '@bank/contracts/backoffice/high-risk-fee';
import { HIGH_RISK_CLIENT_FEE } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { parseWith } from '../../lib/errors';
import { uuidParam } from '../../lib/params';
import { getApproval, pendingApprovalOf, proposeApproval, type Actor } from '../approvals';
import { clientClosurePayloadOf } from '../closures';
import { HIGH_RISK_FEE_SUBJECT, highRiskFeeInForce, highRiskFeePayloadOf } from '../fees';
import { clientRiskPayloadOf } from '../kyc';
import { operatorOf, requireArea } from './guard';

/**
 * High-risk clients in the back office (docs/bank-controls.md#high-risk-clients): proposing that a
 * client be marked high-risk or back to standard (compliance, admin), closing a client who breaches
 * policy (compliance, admin), and the monthly high-risk service fee in force with a proposal of a new
 * one (the roles of rate changes). All only propose: each holds once a second operator approves it,
 * and the call answers 202.
 */
export function riskRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const registry = app.approvalKinds;
  const kyc = { preHandler: requireArea('kyc') };
  const rates = { preHandler: requireArea('rates') };

  app.post('/backoffice/clients/:clientId/risk', kyc, async (request, reply): Promise<ClientRiskProposedResponse> => {
    const maker = operatorOf(request);
    const clientId = uuidParam(request, 'clientId');
    const { level, reason } = parseWith(clientRiskRequestSchema, request.body);
    const payload = await clientRiskPayloadOf(db, clientId, level, reason);
    const approval = await proposeApproval(db, registry, { kind: 'clientRisk', payload, maker, reason, subjectType: 'client', subjectId: clientId });
    reply.status(202);
    return { approval };
  });

  // Closing a client who breaches policy (docs/bank-controls.md#closing-a-client): compliance proposes, a second such operator approves.
  app.post('/backoffice/clients/:clientId/closure', kyc, async (request, reply): Promise<ClientRiskProposedResponse> => {
    const maker = operatorOf(request);
    const clientId = uuidParam(request, 'clientId');
    const { reason } = parseWith(clientClosureRequestSchema, request.body);
    const payload = await clientClosurePayloadOf(db, clientId, reason);
    const approval = await proposeApproval(db, registry, { kind: 'clientClosure', payload, maker, reason, subjectType: 'client', subjectId: clientId });
    reply.status(202);
    return { approval };
  });

  /** The fee in force and the proposal of a new one waiting, if any. */
  async function feeAnswer(database: Db, viewer: Actor): Promise<HighRiskFeeResponse> {
    const [inForce, pending] = await Promise.all([highRiskFeeInForce(database), pendingApprovalOf(database, 'highRiskFee', HIGH_RISK_FEE_SUBJECT.subjectId)]);
    return {
      amount: inForce.amount,
      currency: HIGH_RISK_CLIENT_FEE.currency,
      versionId: inForce.versionId,
      since: inForce.since ? inForce.since.toISOString() : null,
      pending: pending ? await getApproval(database, registry, pending.id, viewer) : null,
    };
  }

  app.get('/backoffice/fees/high-risk', rates, async (request): Promise<HighRiskFeeResponse> => feeAnswer(db, operatorOf(request)));

  app.put('/backoffice/fees/high-risk', rates, async (request, reply): Promise<HighRiskFeeResponse> => {
    const maker = operatorOf(request);
    const { amount, reason } = parseWith(highRiskFeeProposalSchema, request.body);
    const payload = await highRiskFeePayloadOf(db, amount);
    await proposeApproval(db, registry, { kind: 'highRiskFee', payload, maker, reason, ...HIGH_RISK_FEE_SUBJECT });
    reply.status(202);
    return feeAnswer(db, maker);
  });
}
