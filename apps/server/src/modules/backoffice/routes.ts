import { PROTOCOL } from '@bank/contracts';
import { auditQuerySchema, type AuditResponse } from '@bank/contracts/backoffice/audit';
import { clientSearchQuerySchema, type ClientCard, type ClientSearchResponse } from '@bank/contracts/backoffice/clients';
import { contactMessagesQuerySchema, type ContactMessage, type ContactMessagesResponse } from '@bank/contracts/backoffice/contact-messages';
import { incomingPaymentRequestSchema, type IncomingPaymentPreview } from '@bank/contracts/backoffice/incoming-payment';
import { kycApproveRequestSchema, kycQueueQuerySchema, kycRejectRequestSchema, type KycDecisionResponse, type KycQueueResponse, type KycReviewItem } from '@bank/contracts/backoffice/kyc-review';
import { paymentDenyRequestSchema, paymentsQueueQuerySchema, type PaymentReviewItem, type PaymentsQueueResponse } from '@bank/contracts/backoffice/payments';
import { ecbUploadRequestSchema, type EcbUploadResponse, type RatesResponse } from '@bank/contracts/backoffice/rates';
import type { Operator } from '@bank/contracts/backoffice/roles';
import { operatorLoginRequestSchema, type OperatorLoginResponse } from '@bank/contracts/backoffice/sign-in';
import type { BackofficeSummary } from '@bank/contracts/backoffice/summary';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, parseWith } from '../../lib/errors';
import { listAudit, recordAudit } from '../audit';
import { requireOperator, sendProtocolText, revokeSession } from '../auth';
import { countUnhandledMessages, listContactMessages, markMessageHandled } from '../contact';
import { countKycInReview, getKycReview, listKycQueue, clientOfKyc, decideKyc } from '../kyc';
import { EcbFormatError, parseEcbDailyXml, proposedEcbFile, refuseStaleRates, listRates } from '../rates';
import { previewIncomingPayment, approvePayment, countPendingPayments, denyPayment, getPaymentReview, listPaymentsQueue } from '../transfers';
import { clientCard, searchClients } from './client-directory';
import { assertNotOwnClient } from '../users';
import { countPendingApprovals, proposeApproval } from '../approvals';
import { operatorOf, requireArea } from './guard';
import { operatorRoutes } from './operator-routes';
import { cardRoutes } from './card-routes';
import { riskRoutes } from './risk-routes';
import { auditRefusals } from './refusals';
import { textParam, uuidParam } from '../../lib/params';
import { signInOperator } from './sign-in';

/**
 * The back office's API (docs/bank-controls.md), under /api/backoffice: operator tokens only, and each call
 * open to the roles of its area (contracts' BACKOFFICE_AREAS). Every change is audited by the
 * service that makes it.
 */
export default async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  auditRefusals(app);
  const deps = app.deps;
  const { db } = deps;
  const overview = { preHandler: requireArea('overview') };
  const kyc = { preHandler: requireArea('kyc') };
  const payments = { preHandler: requireArea('payments') };
  const rates = { preHandler: requireArea('rates') };
  // Reading a client's card or KYC record is an operator action too (docs/bank-controls.md): the trail says who
  // looked at whose personal data, and when. Only a record that was found and shown is audited.
  const auditView = (request: FastifyRequest, action: 'backoffice.clientViewed' | 'backoffice.kycViewed', subjectType: 'client' | 'kyc', subjectId: string) =>
    recordAudit(db, { actorType: 'operator', actorId: operatorOf(request).id, action, subjectType, subjectId, ip: request.ip });

  // Sign-in
  app.post('/backoffice/login', async (request): Promise<OperatorLoginResponse> =>
    signInOperator(deps, parseWith(operatorLoginRequestSchema, request.body), { ip: request.ip }),
  );
  app.post('/backoffice/logout', { preHandler: requireOperator }, async (request, reply) => {
    const session = request.session!;
    await db.transaction().execute(async (trx) => {
      await revokeSession(trx, session.sessionId);
      await recordAudit(trx, { actorType: 'operator', actorId: session.subjectId, action: 'backoffice.signOut', subjectType: 'operator', subjectId: session.subjectId, ip: request.ip });
    });
    return sendProtocolText(reply, PROTOCOL.done);
  });
  app.get('/backoffice/me', overview, async (request): Promise<Operator> => operatorOf(request));

  app.get('/backoffice/summary', overview, async (request): Promise<BackofficeSummary> => {
    const [kycNew, pending, contactUnhandled, approvalsPending] = await Promise.all([
      countKycInReview(db),
      countPendingPayments(db),
      countUnhandledMessages(db),
      countPendingApprovals(db, operatorOf(request)),
    ]);
    return { kycNew, paymentsNew: pending.New, paymentsProcessing: pending.Processing, contactUnhandled, approvalsPending };
  });

  // KYC
  app.get('/backoffice/kyc', kyc, async (request): Promise<KycQueueResponse> => {
    const query = parseWith(kycQueueQuerySchema, request.query);
    return listKycQueue(db, query.status, query.page);
  });
  app.get('/backoffice/kyc/:kycId', kyc, async (request): Promise<KycReviewItem> => {
    const kycId = uuidParam(request, 'kycId');
    const item = await getKycReview(db, kycId);
    await auditView(request, 'backoffice.kycViewed', 'kyc', kycId);
    return item;
  });
  const decide = async (kycId: string, decision: { status: 'Approved' | 'Rejected'; reason?: string; version: number }, operator: Operator, ip: string) => {
    await assertNotOwnClient(db, operator.id, await clientOfKyc(db, kycId));
    const outcome = await decideKyc(db, kycId, decision, { type: 'operator', id: operator.id, ip }, { secret: deps.config.secret, cabinetUrl: `${deps.config.appUrl}/kabinet` });
    const answer: KycDecisionResponse = { kycId: outcome.kycId, status: outcome.status, ...(outcome.awaitingDecision ? { awaitingDecision: true } : {}) };
    return answer;
  };
  app.post('/backoffice/kyc/:kycId/approve', kyc, async (request) => {
    const kycId = uuidParam(request, 'kycId');
    const { version } = parseWith(kycApproveRequestSchema, request.body);
    return decide(kycId, { status: 'Approved', version }, operatorOf(request), request.ip);
  });
  app.post('/backoffice/kyc/:kycId/reject', kyc, async (request) => {
    const kycId = uuidParam(request, 'kycId');
    const { reason, version } = parseWith(kycRejectRequestSchema, request.body);
    return decide(kycId, { status: 'Rejected', reason, version }, operatorOf(request), request.ip);
  });

  // Payments
  app.get('/backoffice/transactions', payments, async (request): Promise<PaymentsQueueResponse> => {
    const query = parseWith(paymentsQueueQuerySchema, request.query);
    return listPaymentsQueue(db, { status: query.status, type: query.type, page: query.page });
  });
  app.get('/backoffice/transactions/:transactionNumber', payments, async (request): Promise<PaymentReviewItem> =>
    getPaymentReview(db, textParam(request, 'transactionNumber')),
  );
  app.post('/backoffice/transactions/:transactionNumber/approve', payments, async (request): Promise<PaymentReviewItem> =>
    approvePayment(app.deps, app.money, app.approvalKinds, textParam(request, 'transactionNumber'), operatorOf(request)),
  );
  app.post('/backoffice/transactions/:transactionNumber/deny', payments, async (request): Promise<PaymentReviewItem> => {
    const transactionNumber = textParam(request, 'transactionNumber');
    const { reason } = parseWith(paymentDenyRequestSchema, request.body);
    return denyPayment(db, app.money, transactionNumber, operatorOf(request), reason);
  });

  // Incoming payments
  app.post('/backoffice/incoming-payments/preview', payments, async (request): Promise<IncomingPaymentPreview> => {
    const payment = parseWith(incomingPaymentRequestSchema, request.body);
    await refuseStaleRates(app.deps);
    return previewIncomingPayment(db, payment, app.deps);
  });
  // Incoming payments and crypto deposits are proposed (approval-routes.ts).

  // Rates
  app.get('/backoffice/rates', rates, async (): Promise<RatesResponse> => listRates(db));
  // Rate and spread changes: approval-routes.ts.
  // An ECB file uploaded by hand is a proposal a second admin approves (docs/bank-controls.md): only the
  // refresh job's feed loads a file alone. It is checked now and again when approved.
  app.post('/backoffice/rates/ecb', rates, async (request, reply): Promise<EcbUploadResponse> => {
    const maker = operatorOf(request);
    const { xml, reason } = parseWith(ecbUploadRequestSchema, request.body);
    let parsed;
    try {
      parsed = parseEcbDailyXml(xml);
    } catch (error) {
      if (error instanceof EcbFormatError) throw new AppError('VALIDATION_FAILED', { message: error.message, fields: { xml: 'validation.ecbFile.invalid' } });
      throw error;
    }
    const payload = await proposedEcbFile(db, parsed, app.deps.clock.now());
    const approval = await proposeApproval(db, app.approvalKinds, {
      kind: 'ecbFile',
      payload,
      maker,
      reason: reason || `ECB file of ${parsed.date}, uploaded by hand`,
      subjectType: 'ecbDay',
      subjectId: parsed.date,
    });
    reply.status(202);
    return { approval };
  });

  // Clients, contact messages, audit (read-only, every operator)
  app.get('/backoffice/clients', overview, async (request): Promise<ClientSearchResponse> => {
    const { query } = parseWith(clientSearchQuerySchema, request.query);
    return { items: await searchClients(db, query) };
  });
  app.get('/backoffice/clients/:clientId', overview, async (request): Promise<ClientCard> => {
    const clientId = uuidParam(request, 'clientId');
    const card = await clientCard(db, app.approvalKinds, operatorOf(request), clientId);
    await auditView(request, 'backoffice.clientViewed', 'client', clientId);
    return card;
  });
  app.get('/backoffice/contact-messages', overview, async (request): Promise<ContactMessagesResponse> =>
    listContactMessages(db, parseWith(contactMessagesQuerySchema, request.query).page),
  );
  app.post('/backoffice/contact-messages/:messageId/handled', overview, async (request): Promise<ContactMessage> =>
    markMessageHandled(db, uuidParam(request, 'messageId'), operatorOf(request).id),
  );
  app.get('/backoffice/audit', overview, async (request): Promise<AuditResponse> => listAudit(db, parseWith(auditQuerySchema, request.query)));

  // Operators (admin), their enrolment links and their own passwords: operator-routes.ts.
  operatorRoutes(app);
  // A client's risk level and the high-risk service fee, both proposed: risk-routes.ts.
  riskRoutes(app);
  cardRoutes(app);
}
