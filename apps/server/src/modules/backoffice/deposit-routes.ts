import { depositLiabilityQuerySchema, depositRatesProposalSchema, type ClientDepositsResponse, type DepositLiabilityResponse, type DepositRatesResponse } from '@bank/contracts/backoffice/deposits';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { AppError, parseWith } from '../../lib/errors';
import { recordAudit } from '../audit';
import { getApproval, pendingApprovalOf, proposeApproval, type Actor } from '../approvals';
import { operatorOf, requireArea } from './guard';
import { uuidParam } from '../../lib/params';
import { auditRefusals } from './refusals';
import { bankToday } from '../jobs';
import { depositLiability, DEPOSIT_RATES_SUBJECT, depositRatesPayloadOf, depositsOfClient, depositRatesInForce } from '../deposits';

/**
 * The back office's deposit calls (docs/bank-controls.md, docs/deposits.md): a client's deposits and the bank's liability
 * on its deposits at the end of a date (every operator, read-only), and the rate table in force
 * with a proposal of a new one (the roles of FX rate changes; it holds once a second one approves).
 */
export default async function depositBackofficeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const overview = { preHandler: requireArea('overview') };
  const rates = { preHandler: requireArea('rates') };
  // An operator's refused call (403) is on the trail, as in the rest of the back office.
  auditRefusals(app);

  /** The table in force and the proposal of a new one waiting, if any (shown when the viewer's roles open it). */
  async function ratesAnswer(database: Db, viewer: Actor): Promise<DepositRatesResponse> {
    const [inForce, pending] = await Promise.all([depositRatesInForce(database), pendingApprovalOf(database, 'depositRates', DEPOSIT_RATES_SUBJECT.subjectId)]);
    return {
      rates: inForce.rates,
      versionId: inForce.versionId,
      since: inForce.since ? inForce.since.toISOString() : null,
      pending: pending ? await getApproval(database, app.approvalKinds, pending.id, viewer) : null,
    };
  }

  app.get('/backoffice/deposits/rates', rates, async (request): Promise<DepositRatesResponse> => ratesAnswer(db, operatorOf(request)));

  app.put('/backoffice/deposits/rates', rates, async (request, reply): Promise<DepositRatesResponse> => {
    const maker = operatorOf(request);
    const { rates: proposed, reason } = parseWith(depositRatesProposalSchema, request.body);
    const payload = await depositRatesPayloadOf(db, proposed);
    await proposeApproval(db, app.approvalKinds, { kind: 'depositRates', payload, maker, reason, ...DEPOSIT_RATES_SUBJECT });
    reply.status(202);
    return ratesAnswer(db, maker);
  });

  // Reading a client's deposits is a look at the client's data: audited like the client's card and schedules.
  app.get('/backoffice/clients/:clientId/deposits', overview, async (request): Promise<ClientDepositsResponse> => {
    const clientId = uuidParam(request, 'clientId');
    const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
    if (!client) throw new AppError('NOT_FOUND');
    const deposits = await depositsOfClient(db, clientId, bankToday(app.deps.clock));
    await recordAudit(db, { actorType: 'operator', actorId: operatorOf(request).id, action: 'backoffice.depositsViewed', subjectType: 'client', subjectId: clientId, ip: request.ip });
    return deposits;
  });

  app.get('/backoffice/deposits/liability', overview, async (request): Promise<DepositLiabilityResponse> => {
    const { date, page } = parseWith(depositLiabilityQuerySchema, request.query);
    return depositLiability(db, date ?? bankToday(app.deps.clock), app.deps.clock.timeZone, page);
  });
}
