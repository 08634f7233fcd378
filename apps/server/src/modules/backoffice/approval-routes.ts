import { approveRequestSchema, approvalsQuerySchema, rejectApprovalRequestSchema, reversalRequestSchema, RATE_CHANGE_FREE_PERCENT, type ApprovalItem, type ApprovalsResponse, type ProposedResponse } from '@bank/contracts/backoffice/approvals';
import { cryptoDepositRequestSchema } from '@bank/contracts/backoffice/crypto-deposit';
import { incomingPaymentRequestSchema } from '@bank/contracts/backoffice/incoming-payment';
import { setRateRequestSchema, setSpreadRequestSchema, type RateChangeResponse } from '@bank/contracts/backoffice/rates';
import type { Currency } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { approveApproval, getApproval, listApprovals, proposeApproval, rejectApproval, withdrawApproval } from '../approvals';
import { assertHashNotBooked, cryptoDepositPayloadSchema } from '../crypto';
import { ownWrite, replyIdempotently } from '../ledger';
import { refuseStaleRates, movesPastReference, listRates, setOperatorRate } from '../rates';
import { incomingPaymentPayloadSchema, previewIncomingPayment } from '../transfers';
import { operatorOf, requireArea } from './guard';
import { uuidParam } from '../../lib/params';
import { auditRefusals } from './refusals';

/**
 * The back office's four-eyes calls (docs/bank-controls.md): the approvals queue and its decisions, and the
 * acts that only propose: incoming payments, crypto deposits, reversals, rate changes past the
 * free band and spread changes. A proposing call answers 202 with the proposal.
 */
export default async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const registry = app.approvalKinds;
  const overview = { preHandler: requireArea('overview') };
  const payments = { preHandler: requireArea('payments') };
  const rates = { preHandler: requireArea('rates') };
  auditRefusals(app);

  app.get('/backoffice/approvals', overview, async (request): Promise<ApprovalsResponse> =>
    listApprovals(db, registry, operatorOf(request), parseWith(approvalsQuerySchema, request.query)),
  );
  app.get('/backoffice/approvals/:approvalId', overview, async (request): Promise<ApprovalItem> =>
    getApproval(db, registry, uuidParam(request, 'approvalId'), operatorOf(request)),
  );
  app.post('/backoffice/approvals/:approvalId/approve', overview, async (request): Promise<ApprovalItem> => {
    const approvalId = uuidParam(request, 'approvalId');
    const { confirmDuplicate } = parseWith(approveRequestSchema, request.body ?? {});
    return approveApproval(app.deps, app.money, registry, approvalId, operatorOf(request), { confirmDuplicate });
  });
  app.post('/backoffice/approvals/:approvalId/reject', overview, async (request): Promise<ApprovalItem> => {
    const approvalId = uuidParam(request, 'approvalId');
    const { reason } = parseWith(rejectApprovalRequestSchema, request.body);
    return rejectApproval(db, registry, approvalId, operatorOf(request), reason);
  });
  app.post('/backoffice/approvals/:approvalId/withdraw', overview, async (request): Promise<ApprovalItem> =>
    withdrawApproval(db, registry, uuidParam(request, 'approvalId'), operatorOf(request)),
  );

  // Money that arrives: proposed by one payments operator, booked when another approves.
  app.post('/backoffice/incoming-payments', payments, async (request, reply) => {
    const maker = operatorOf(request);
    const request_ = parseWith(incomingPaymentRequestSchema, request.body);
    // Its fee is priced on the rates in use, and its value against the limits: never on stale ones.
    await refuseStaleRates(app.deps);
    // Whose account it is and what would be credited, as the maker saw it, for the checker.
    const { holder, fee, credited, investigationFee } = await previewIncomingPayment(db, request_, app.deps);
    const payload = parseWith(incomingPaymentPayloadSchema, { ...(request.body as object), holder, fee, credited, investigationFee });
    return replyIdempotently(app.money, db, request, reply, { id: maker.id, path: '/api/backoffice/incoming-payments' }, async () =>
      ownWrite(maker.id, async (trx) => {
        const approval = await proposeApproval(trx, registry, { kind: 'incomingPayment', payload, maker, reason: request_.reason ?? '' });
        const answer: ProposedResponse = { approval };
        return { status: 202, body: answer };
      }),
    );
  });
  app.post('/backoffice/crypto-deposits', payments, async (request, reply) => {
    const maker = operatorOf(request);
    const { reason } = parseWith(cryptoDepositRequestSchema, request.body);
    const payload = parseWith(cryptoDepositPayloadSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: maker.id, path: '/api/backoffice/crypto-deposits' }, async () => {
      await assertHashNotBooked(db, payload.txHash);
      return ownWrite(maker.id, async (trx) => {
        const approval = await proposeApproval(trx, registry, { kind: 'cryptoDeposit', payload, maker, reason: reason ?? '', subjectType: 'txHash', subjectId: payload.txHash });
        const answer: ProposedResponse = { approval };
        return { status: 202, body: answer };
      });
    });
  });
  app.post('/backoffice/reversals', payments, async (request, reply) => {
    const maker = operatorOf(request);
    const payload = parseWith(reversalRequestSchema, request.body);
    const approval = await proposeApproval(db, registry, { kind: 'reversal', payload, maker, reason: payload.reason, subjectType: 'transfer', subjectId: payload.transactionNumber });
    const answer: ProposedResponse = { approval };
    return reply.status(202).send(answer);
  });

  // Re-pricing: a rate within the free band of the ECB reference holds at once; past it, and any spread change, waits for a second admin.
  app.put('/backoffice/rates', rates, async (request, reply): Promise<RateChangeResponse> => {
    const maker = operatorOf(request);
    const { pair, rate, reason } = parseWith(setRateRequestSchema, request.body);
    const currency = pair.slice(4) as Currency;
    const check = await movesPastReference(db, currency, rate);
    if (!check.past) {
      await setOperatorRate(db, { currency, perEur: rate, operatorId: maker.id });
      return { ...(await listRates(db)), approval: null };
    }
    const approval = await proposeApproval(db, registry, {
      kind: 'rate',
      payload: { currency, perEur: rate, previous: check.previous, reference: check.reference },
      maker,
      reason: reason ?? `More than ${RATE_CHANGE_FREE_PERCENT} % from the ECB reference`,
      subjectType: 'currency',
      subjectId: currency,
    });
    reply.status(202);
    return { ...(await listRates(db)), approval };
  });
  app.put('/backoffice/rates/spread', rates, async (request, reply): Promise<RateChangeResponse> => {
    const maker = operatorOf(request);
    const { basisPoints, reason } = parseWith(setSpreadRequestSchema, request.body);
    const current = await listRates(db);
    const approval = await proposeApproval(db, registry, {
      kind: 'spread',
      payload: { basisPoints, previous: current.spreadBasisPoints },
      maker,
      reason: reason ?? '',
      subjectType: 'rates',
      subjectId: 'spread',
    });
    reply.status(202);
    return { ...current, approval };
  });
}
