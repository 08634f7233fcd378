import { PROTOCOL } from '@bank/contracts';
import { auditQuerySchema, type AuditResponse } from '@bank/contracts/backoffice/audit';
import { clientSearchQuerySchema, type ClientCard, type ClientSearchResponse } from '@bank/contracts/backoffice/clients';
import { cryptoDepositRequestSchema } from '@bank/contracts/backoffice/crypto-deposit';
import { contactMessagesQuerySchema, type ContactMessage, type ContactMessagesResponse } from '@bank/contracts/backoffice/contact-messages';
import { incomingPaymentRequestSchema, type IncomingPaymentPreview } from '@bank/contracts/backoffice/incoming-payment';
import { kycQueueQuerySchema, kycRejectRequestSchema, type KycDecisionResponse, type KycQueueResponse, type KycReviewItem } from '@bank/contracts/backoffice/kyc-review';
import { createOperatorRequestSchema, type OperatorRow } from '@bank/contracts/backoffice/operators';
import { paymentDenyRequestSchema, paymentsQueueQuerySchema, type PaymentReviewItem, type PaymentsQueueResponse } from '@bank/contracts/backoffice/payments';
import { ecbUploadRequestSchema, setRateRequestSchema, setSpreadRequestSchema, type EcbUploadResponse, type RatesResponse } from '@bank/contracts/backoffice/rates';
import type { Operator } from '@bank/contracts/backoffice/roles';
import { operatorEnrolRequestSchema, operatorLoginRequestSchema, type OperatorLoginResponse, type OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import type { BackofficeSummary } from '@bank/contracts/backoffice/summary';
import type { Currency } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, parseWith } from '../../lib/errors';
import { listAudit } from '../audit/service';
import { requireOperator } from '../auth/guard';
import { sendProtocolText } from '../auth/protocol-answer';
import { revokeSession } from '../auth/sessions';
import { bookCryptoDeposit } from '../crypto/deposits';
import { countUnhandledMessages, listContactMessages, markMessageHandled } from '../contact/service';
import { kycDecisionMail } from '../kyc/decision-mail';
import { countKycInReview, getKycReview, listKycQueue } from '../kyc/review';
import { decideKyc } from '../kyc/service';
import { ownWrite, replyIdempotently } from '../ledger/idempotency';
import { mailInBackground } from '../mail/mailer';
import { EcbFormatError, parseEcbDailyXml } from '../rates/ecb';
import { applyEcbRates, listRates, setOperatorRate, setSpread } from '../rates/service';
import { bookIncomingForOperator, previewIncomingPayment } from '../transfers/incoming-review';
import { approvePayment, countPendingPayments, denyPayment, getPaymentReview, listPaymentsQueue } from '../transfers/review';
import { clientCard, searchClients } from '../users/directory';
import { operatorOf, requireArea } from './guard';
import { createOperator, listOperators, resetOperatorTotp } from './operators';
import { textParam, uuidParam } from './params';
import { enrolOperator, signInOperator } from './sign-in';

/**
 * The back office's API (DESIGN §10), under /api/backoffice: operator tokens only, and each call
 * open to the roles of its area (contracts' BACKOFFICE_AREAS). Every change is audited by the
 * service that makes it.
 */
export default async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const { db } = deps;
  const overview = { preHandler: requireArea('overview') };
  const kyc = { preHandler: requireArea('kyc') };
  const payments = { preHandler: requireArea('payments') };
  const rates = { preHandler: requireArea('rates') };
  const operators = { preHandler: requireArea('operators') };

  // Sign-in
  app.post('/backoffice/login', async (request): Promise<OperatorLoginResponse> =>
    signInOperator(deps, parseWith(operatorLoginRequestSchema, request.body), { ip: request.ip }),
  );
  app.post('/backoffice/login/enrol', async (request): Promise<OperatorSignedIn> =>
    enrolOperator(deps, parseWith(operatorEnrolRequestSchema, request.body), { ip: request.ip }),
  );
  app.post('/backoffice/logout', { preHandler: requireOperator }, async (request, reply) => {
    await revokeSession(db, request.session!.sessionId);
    return sendProtocolText(reply, PROTOCOL.done);
  });
  app.get('/backoffice/me', overview, async (request): Promise<Operator> => operatorOf(request));

  app.get('/backoffice/summary', overview, async (): Promise<BackofficeSummary> => {
    const [kycNew, pending, contactUnhandled] = await Promise.all([countKycInReview(db), countPendingPayments(db), countUnhandledMessages(db)]);
    return { kycNew, paymentsNew: pending.New, paymentsProcessing: pending.Processing, contactUnhandled };
  });

  // KYC
  app.get('/backoffice/kyc', kyc, async (request): Promise<KycQueueResponse> => {
    const query = parseWith(kycQueueQuerySchema, request.query);
    return listKycQueue(db, query.status, query.page);
  });
  app.get('/backoffice/kyc/:kycId', kyc, async (request): Promise<KycReviewItem> => getKycReview(db, uuidParam(request, 'kycId')));
  const decide = async (kycId: string, decision: { status: 'Approved' | 'Rejected'; reason?: string }, operator: Operator, ip: string, log: typeof app.log) => {
    const outcome = await decideKyc(db, kycId, decision, { type: 'operator', id: operator.id, ip });
    if (outcome.changed) {
      const client = await db.selectFrom('clients').select(['email', 'language']).where('id', '=', outcome.clientId).executeTakeFirstOrThrow();
      mailInBackground(deps.mailer, log, kycDecisionMail(client.email, decision, client.language, `${deps.config.appUrl}/kabinet`));
    }
    const answer: KycDecisionResponse = { kycId: outcome.kycId, status: outcome.status };
    return answer;
  };
  app.post('/backoffice/kyc/:kycId/approve', kyc, async (request) =>
    decide(uuidParam(request, 'kycId'), { status: 'Approved' }, operatorOf(request), request.ip, request.log),
  );
  app.post('/backoffice/kyc/:kycId/reject', kyc, async (request) => {
    const kycId = uuidParam(request, 'kycId');
    const { reason } = parseWith(kycRejectRequestSchema, request.body);
    return decide(kycId, { status: 'Rejected', reason }, operatorOf(request), request.ip, request.log);
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
    approvePayment(db, app.money, textParam(request, 'transactionNumber'), operatorOf(request).id),
  );
  app.post('/backoffice/transactions/:transactionNumber/deny', payments, async (request): Promise<PaymentReviewItem> => {
    const transactionNumber = textParam(request, 'transactionNumber');
    const { reason } = parseWith(paymentDenyRequestSchema, request.body);
    return denyPayment(db, app.money, transactionNumber, operatorOf(request).id, reason);
  });

  // Incoming payments
  app.post('/backoffice/incoming-payments/preview', payments, async (request): Promise<IncomingPaymentPreview> =>
    previewIncomingPayment(db, parseWith(incomingPaymentRequestSchema, request.body)),
  );
  app.post('/backoffice/incoming-payments', payments, async (request, reply) => {
    const operator = operatorOf(request);
    const payload = parseWith(incomingPaymentRequestSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: operator.id, path: '/api/backoffice/incoming-payments' }, async () =>
      ownWrite(operator.id, async (trx) => ({ status: 200, body: await bookIncomingForOperator(trx, payload, operator.id) })),
    );
  });

  app.post('/backoffice/crypto-deposits', payments, async (request, reply) => {
    const operator = operatorOf(request);
    const payload = parseWith(cryptoDepositRequestSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: operator.id, path: '/api/backoffice/crypto-deposits' }, async () =>
      ownWrite(operator.id, async (trx) => ({ status: 200, body: await bookCryptoDeposit(trx, payload, operator.id) })),
    );
  });

  // Rates
  app.get('/backoffice/rates', rates, async (): Promise<RatesResponse> => listRates(db));
  app.put('/backoffice/rates', rates, async (request): Promise<RatesResponse> => {
    const { pair, rate } = parseWith(setRateRequestSchema, request.body);
    await setOperatorRate(db, { currency: pair.slice(4) as Currency, perEur: rate, operatorId: operatorOf(request).id });
    return listRates(db);
  });
  app.put('/backoffice/rates/spread', rates, async (request): Promise<RatesResponse> => {
    const { basisPoints } = parseWith(setSpreadRequestSchema, request.body);
    await setSpread(db, basisPoints, operatorOf(request).id);
    return listRates(db);
  });
  app.post('/backoffice/rates/ecb', rates, async (request): Promise<EcbUploadResponse> => {
    const { xml } = parseWith(ecbUploadRequestSchema, request.body);
    let parsed;
    try {
      parsed = parseEcbDailyXml(xml);
    } catch (error) {
      if (error instanceof EcbFormatError) throw new AppError('VALIDATION_FAILED', { message: error.message, fields: { xml: 'validation.ecbFile.invalid' } });
      throw error;
    }
    const currencies = await applyEcbRates(db, parsed, operatorOf(request).id);
    return { date: parsed.date, currencies };
  });

  // Clients, contact messages, audit (read-only, every operator)
  app.get('/backoffice/clients', overview, async (request): Promise<ClientSearchResponse> => {
    const { query } = parseWith(clientSearchQuerySchema, request.query);
    return { items: await searchClients(db, query) };
  });
  app.get('/backoffice/clients/:clientId', overview, async (request): Promise<ClientCard> => clientCard(db, uuidParam(request, 'clientId')));
  app.get('/backoffice/contact-messages', overview, async (request): Promise<ContactMessagesResponse> =>
    listContactMessages(db, parseWith(contactMessagesQuerySchema, request.query).page),
  );
  app.post('/backoffice/contact-messages/:messageId/handled', overview, async (request): Promise<ContactMessage> =>
    markMessageHandled(db, uuidParam(request, 'messageId'), operatorOf(request).id),
  );
  app.get('/backoffice/audit', overview, async (request): Promise<AuditResponse> => listAudit(db, parseWith(auditQuerySchema, request.query)));

  // Operators (admin)
  app.get('/backoffice/operators', operators, async (): Promise<{ items: OperatorRow[] }> => ({ items: await listOperators(db) }));
  app.post('/backoffice/operators', operators, async (request): Promise<OperatorRow> =>
    createOperator(db, parseWith(createOperatorRequestSchema, request.body), operatorOf(request).id),
  );
  app.post('/backoffice/operators/:operatorId/reset-totp', operators, async (request): Promise<OperatorRow> =>
    resetOperatorTotp(db, uuidParam(request, 'operatorId'), operatorOf(request).id),
  );
}
