// Proves the KYC calls: the form rules of docs/product.md#validation per account type, creation setting the client's
// status New ('Created'), one submission in review at a time, withdrawal only while in review and
// no correction at all, decisions moving the client's status, audit records, and that one client's
// token never reads or changes another client's KYC (404, the same as missing).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { get, post } from '../../test/identity';
import { PERSONAL_KYC_FORM, setClientKycStatus } from '../../test/kyc';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const unidentified = (accountType: 'personal' | 'business' = 'personal') =>
  createSignedInClient(context, { kycStatus: null, accountType, firstName: undefined });

const create = (client: TestClient, body: unknown) => post(context, '/api/kyc/create', body, { token: client.token });
const list = async (client: TestClient) => (await get(context, '/api/kyc/list', client.token)).json();
const clientStatus = async (client: TestClient) =>
  (await context.db.selectFrom('clients').select('kyc_status').where('id', '=', client.id).executeTakeFirstOrThrow()).kyc_status;

describe('POST /api/kyc/create', () => {
  it("answers 'Created', stores the form and sets the client's status New", async () => {
    const client = await unidentified();
    const response = await create(client, PERSONAL_KYC_FORM);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toBe('"Created"');
    expect(await clientStatus(client)).toBe('New');

    const records = await list(client);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      status: 'New',
      accountType: 'personal',
      firstName: 'Ivan',
      country: 'KZ',
      phoneNumber: '+77015550101',
      identityCardType: 'passport',
      state: null,
      sourcesOfWealth: ['salary', 'savings'],
      currencies: ['USD', 'EUR'],
      rejectionReason: null,
    });
    expect(records[0].kycId).toMatch(/^[0-9a-f-]{36}$/);

    const me = (await get(context, '/api/user/me', client.token)).json();
    expect(me.flags.kycStatus).toBe('New');
    expect(me.kycList.map((record: { kycId: string }) => record.kycId)).toEqual([records[0].kycId]);
    expect(me).toMatchObject({ firstName: 'Ivan', lastName: 'Petrov', city: 'Almaty', country: 'KZ' });
  });

  it('needs first and last name, country, phone, city, address, ID type and number from a personal client', async () => {
    const client = await unidentified();
    const response = await create(client, { companyName: 'Acme' });
    expect(response.statusCode).toBe(400);
    const required = ['firstName', 'lastName', 'country', 'phoneNumber', 'city', 'address', 'identityCardType', 'identityCardId'];
    expect(response.json().fields).toEqual(Object.fromEntries(required.map((field) => [field, 'validation.required'])));
    expect(await clientStatus(client)).toBeNull();
  });

  it('accepts only passport, national ID or driving licence, a real country and a phone', async () => {
    const client = await unidentified();
    const response = await create(client, { ...PERSONAL_KYC_FORM, identityCardType: 'libraryCard', country: 'XX', phoneNumber: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      identityCardType: 'validation.kyc.identityCardType',
      country: 'validation.country.invalid',
      phoneNumber: 'validation.phone.invalid',
    });
    for (const identityCardType of ['passport', 'nationalId', 'drivingLicence']) {
      const other = await unidentified();
      expect((await create(other, { ...PERSONAL_KYC_FORM, identityCardType })).statusCode).toBe(200);
    }
  });

  it('needs only the company name from a business client', async () => {
    const client = await unidentified('business');
    const missing = await create(client, { firstName: 'Ivan' });
    expect(missing.json().fields).toEqual({ companyName: 'validation.required' });
    expect((await create(client, { companyName: 'Steppe Logistics LLP', country: 'KZ' })).statusCode).toBe(200);
    const me = (await get(context, '/api/user/me', client.token)).json();
    expect(me.companyName).toBe('Steppe Logistics LLP');
  });

  it('needs the other source of wealth when it is ticked', async () => {
    const client = await unidentified();
    const response = await create(client, { ...PERSONAL_KYC_FORM, isOtherSourcesOfWealth: true });
    expect(response.json().fields).toEqual({ otherSourcesOfWealth: 'validation.required' });
  });

  // A race needs a pool of connections: PGlite's one connection would run the two requests in turn.
  it.runIf(onPostgres)('keeps one submission in review at a time, even when two race', async () => {
    const client = await unidentified();
    const answers = await Promise.all([create(client, PERSONAL_KYC_FORM), create(client, PERSONAL_KYC_FORM)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await create(client, PERSONAL_KYC_FORM)).statusCode).toBe(409);
    expect(await list(client)).toHaveLength(1);
  });

  it('takes a new submission after a rejection, and none once approved', async () => {
    const client = await unidentified();
    await create(client, PERSONAL_KYC_FORM);
    await setClientKycStatus(context, client.id, 'Rejected', 'The passport photo is unreadable');
    expect(await clientStatus(client)).toBe('Rejected');
    const [rejected] = await list(client);
    expect(rejected).toMatchObject({ status: 'Rejected', rejectionReason: 'The passport photo is unreadable' });
    expect(rejected.decidedAt).not.toBeNull();

    expect((await create(client, PERSONAL_KYC_FORM)).statusCode).toBe(200);
    expect(await clientStatus(client)).toBe('New');
    await setClientKycStatus(context, client.id, 'Approved');
    expect(await clientStatus(client)).toBe('Approved');
    expect((await list(client)).map((record: { status: string }) => record.status)).toEqual(['Approved', 'Rejected']);
    expect((await create(client, PERSONAL_KYC_FORM)).statusCode).toBe(409);
  });

  it('needs a token', async () => {
    const response = await post(context, '/api/kyc/create', PERSONAL_KYC_FORM);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid authorization data');
    expect((await get(context, '/api/kyc/list')).statusCode).toBe(401);
  });
});

describe('POST /api/kyc/update and /api/kyc/delete', () => {
  it('refuses to correct a submission in review (409): the bank decides on what it was sent', async () => {
    const client = await unidentified();
    await create(client, PERSONAL_KYC_FORM);
    const [record] = await list(client);
    const response = await post(context, '/api/kyc/update', { ...PERSONAL_KYC_FORM, kycId: record.kycId, city: 'Astana' }, { token: client.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({ _: 'validation.kyc.inReview' });
    expect((await list(client))[0]).toMatchObject({ kycId: record.kycId, city: 'Almaty', status: 'New' });
    const audit = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', record.kycId).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['kyc.created']);
  });

  it('withdraws a submission in review; the status falls back to the previous decision', async () => {
    const client = await unidentified();
    await create(client, PERSONAL_KYC_FORM);
    await setClientKycStatus(context, client.id, 'Rejected');
    await create(client, PERSONAL_KYC_FORM);
    const [pending] = await list(client);
    const response = await post(context, '/api/kyc/delete', { kycId: pending.kycId }, { token: client.token });
    expect(response.body).toBe('"Done"');
    expect(await clientStatus(client)).toBe('Rejected');
    expect(await list(client)).toHaveLength(1);

    const fresh = await unidentified();
    await create(fresh, PERSONAL_KYC_FORM);
    await post(context, '/api/kyc/delete', { kycId: (await list(fresh))[0].kycId }, { token: fresh.token });
    expect(await clientStatus(fresh)).toBeNull();
    const audit = await context.db.selectFrom('audit_log').select('action').where('action', '=', 'kyc.deleted').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to change a decided submission (409)', async () => {
    const client = await unidentified();
    await create(client, PERSONAL_KYC_FORM);
    await setClientKycStatus(context, client.id, 'Approved');
    const [approved] = await list(client);
    expect((await post(context, '/api/kyc/update', { ...PERSONAL_KYC_FORM, kycId: approved.kycId }, { token: client.token })).statusCode).toBe(409);
    expect((await post(context, '/api/kyc/delete', { kycId: approved.kycId }, { token: client.token })).statusCode).toBe(409);
  });
});

describe('one client and another', () => {
  it("never reads or changes another client's KYC: its ids are 404, like missing ones", async () => {
    const owner = await unidentified();
    const intruder = await unidentified();
    await create(owner, PERSONAL_KYC_FORM);
    const [record] = await list(owner);

    expect(await list(intruder)).toEqual([]);
    const me = (await get(context, '/api/user/me', intruder.token)).json();
    expect(me.kycList).toEqual([]);

    const update = await post(context, '/api/kyc/update', { ...PERSONAL_KYC_FORM, kycId: record.kycId, city: 'Hijacked' }, { token: intruder.token });
    const remove = await post(context, '/api/kyc/delete', { kycId: record.kycId }, { token: intruder.token });
    const missing = await post(context, '/api/kyc/delete', { kycId: randomUUID() }, { token: intruder.token });
    expect(update.statusCode).toBe(404);
    expect(remove.statusCode).toBe(404);
    expect(remove.body).toBe(missing.body);
    expect((await list(owner))[0]).toMatchObject({ kycId: record.kycId, city: 'Almaty' });
  });
});
