import { PROTOCOL } from '@bank/contracts';
import { createKycRequestSchema } from '@bank/contracts/kyc/create-kyc';
import { deleteKycRequestSchema } from '@bank/contracts/kyc/delete-kyc';
import type { ListKycResponse } from '@bank/contracts/kyc/list-kyc';
import { updateKycRequestSchema } from '@bank/contracts/kyc/update-kyc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient, sendProtocolText } from '../auth';
import { createKyc, deleteKyc, listKycRecords, updateKyc, type Actor } from './service';

function clientActor(request: FastifyRequest): Actor {
  return { type: 'client', id: clientIdOf(request), ip: request.ip };
}

/** KYC calls of docs/product.md#client-calls: a client reads and changes only its own submissions. */
export default async function kycRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  app.addHook('preHandler', requireClient);

  app.get('/kyc/list', async (request): Promise<ListKycResponse> => listKycRecords(db, clientIdOf(request)));

  app.post('/kyc/create', async (request, reply) => {
    const fields = parseWith(createKycRequestSchema, request.body);
    await createKyc(db, clientIdOf(request), fields, clientActor(request));
    return sendProtocolText(reply, PROTOCOL.created);
  });

  // A submission is never changed once sent (see updateKyc): the call answers 409, or 404.
  app.post('/kyc/update', async (request) => {
    const { kycId } = parseWith(updateKycRequestSchema, request.body);
    return updateKyc(db, clientIdOf(request), kycId);
  });

  app.post('/kyc/delete', async (request, reply) => {
    const { kycId } = parseWith(deleteKycRequestSchema, request.body);
    await deleteKyc(db, clientIdOf(request), kycId, clientActor(request));
    return sendProtocolText(reply, PROTOCOL.done);
  });
}
