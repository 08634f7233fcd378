import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  authorizationRequestSchema,
  CARD_NETWORK_SIGNATURE_HEADER,
  CARD_NETWORK_TIMESTAMP_HEADER,
  CARD_NETWORK_TOLERANCE_SECONDS,
  clearingRequestSchema,
  refundRequestSchema,
  reversalRequestSchema,
} from '@bank/contracts/cards/network';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, parseWith, refuseControlCharacters } from '../../lib/errors';
import { parseJsonBody } from '../../lib/json-body';
import { recordAudit } from '../audit';
import { authorizationJob, cardAuthorizations, CardLedgerAccounts } from './authorization-batch';
import { clear, refund, reverse } from './network';
import { bodyHashOf, onceByMessageId, type MessageKind } from './network-messages';

/**
 * The card processor's calls (docs/cards.md#the-card-network), under /api/card-network. Each is
 * signed: `Card-Network-Timestamp` (Unix seconds) and `Card-Network-Signature: v1=<hex HMAC-SHA256
 * with CARD_NETWORK_SECRET of "<timestamp>.<raw body>">`. An unsigned, wrongly signed or stale call
 * (more than 5 minutes off the bank's clock) is a 401, and audited. Each message's `messageId` is
 * kept with its answer: a repeated one answers as the first did and changes nothing; the same id with
 * another body is a 409.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it came, for the signature (card network routes only). */
    rawBody?: string;
  }
}

const SIGNATURE = /^v1=[0-9a-f]{64}$/;

/** Why a call's signature does not hold, or null when it does. */
export function signatureFault(request: { headers: Record<string, string | string[] | undefined>; rawBody?: string | undefined }, secret: string, nowSeconds: number): string | null {
  const timestamp = request.headers[CARD_NETWORK_TIMESTAMP_HEADER];
  const signature = request.headers[CARD_NETWORK_SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'unsigned';
  if (!/^\d{1,12}$/.test(timestamp)) return 'badTimestamp';
  if (Math.abs(nowSeconds - Number(timestamp)) > CARD_NETWORK_TOLERANCE_SECONDS) return 'stale';
  if (!SIGNATURE.test(signature)) return 'badSignature';
  // The signature of packages/contracts/src/cards/network.ts (cardNetworkSignature), computed with
  // node:crypto here: the same HMAC, in a fraction of the time on every call (docs/benchmarks.md).
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.rawBody ?? ''}`).digest('hex')}`;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : 'badSignature';
}

export default async function cardNetworkRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, clock } = app.deps;

  // This plugin's own JSON parser keeps the raw text the signature covers; the body is read as every
  // other route's is (lib/json-body.ts), control characters refused.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    try {
      const value = parseJsonBody(String(body));
      refuseControlCharacters(value);
      done(null, value);
    } catch (error) {
      done(error instanceof AppError ? error : Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });

  async function verifySignature(request: FastifyRequest): Promise<void> {
    const fault = signatureFault(request, config.cards.networkSecret, Math.floor(clock.now().getTime() / 1000));
    if (fault === null) return;
    await recordAudit(db, { actorType: 'anonymous', action: 'cardNetwork.refused', subjectType: 'cardNetwork', subjectId: request.url, ip: request.ip, after: { reason: fault } });
    request.log.warn({ reason: fault, url: request.url }, 'card network call refused');
    throw new AppError('INVALID_AUTHORIZATION', { message: 'Invalid card network signature' });
  }

  const signed = { preHandler: verifySignature };
  const route = <Schema extends z.ZodType<{ messageId: string }>>(kind: MessageKind, schema: Schema, decide: (trx: Db, message: z.output<Schema>) => Promise<unknown>) =>
    async (request: FastifyRequest) => {
      const message = parseWith(schema, request.body);
      return onceByMessageId(db, kind, { messageId: message.messageId, bodyHash: bodyHashOf(request.rawBody ?? '') }, (trx) => decide(trx, message));
    };
  // One kind for the app's life: the group commit settles the jobs of one kind together.
  const authorizations = cardAuthorizations(app.deps);
  const cardAccounts = new CardLedgerAccounts(db);

  // Each path is written out whole: the fault suite reads registered paths from the source (docs/reliability.md#the-fault-suite).
  app.post('/card-network/authorizations', signed, async (request) => {
    const message = parseWith(authorizationRequestSchema, request.body);
    return (await app.money.submit(await authorizationJob(authorizations, app.deps, cardAccounts, message, request.rawBody ?? ''))).body;
  });
  app.post('/card-network/clearings', signed, route('clearing', clearingRequestSchema, (trx, message) => clear(trx, app.deps, message)));
  app.post('/card-network/reversals', signed, route('reversal', reversalRequestSchema, (trx, message) => reverse(trx, message)));
  app.post('/card-network/refunds', signed, route('refund', refundRequestSchema, (trx, message) => refund(trx, app.deps, message)));
}
