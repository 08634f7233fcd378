import { randomUUID } from 'node:crypto';
import { asOperator, operatorTokenFor } from './backoffice';
import { codeFromMail, newClient } from './identity';
import type { Account } from './money';
import type { SignedInUser } from './session';
import type { Stack } from './stack';

/**
 * Clients made the way the bank makes them, through its API alone, for specs whose subject comes
 * after identification: a client registers (with the mailed code), submits the personal KYC
 * form, compliance approves it, and money arrives as incoming payments that one payments operator
 * proposes and a second operator approves (the four eyes of docs/bank-controls.md).
 */

/** The demo operators' sessions that identify and fund clients, each signed in once (an authenticator code is good once). */
export interface Operators {
  compliance: string;
  payments: string;
  admin: string;
}

export async function signInOperators(stack: Stack): Promise<Operators> {
  return {
    compliance: await operatorTokenFor(stack, 'compliance@bank.example'),
    payments: await operatorTokenFor(stack, 'payments@bank.example'),
    admin: await operatorTokenFor(stack, 'operator@bank.example'),
  };
}

async function call<T>(stack: Stack, method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(`${stack.baseUrl}/api/${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const PERSONAL_KYC = {
  firstName: 'Aigerim',
  lastName: 'Nurlanova',
  country: 'kz',
  city: 'Almaty',
  state: '',
  postalCode: '050000',
  address: '12 Abay Avenue, flat 5',
  phoneNumber: '+7 701 555 0133',
  identityCardType: 'passport',
  identityCardId: 'N12345678',
  taxNumber: '',
  sourcesOfWealth: ['salary', 'savings'],
  isOtherSourcesOfWealth: false,
  otherSourcesOfWealth: '',
  pep: false,
  currencies: ['EUR', 'USD'],
};

/** The region an incoming payment in a currency comes through. */
const REGION_OF: Record<string, string> = { EUR: 'SEPA', USD: 'SWIFT', GBP: 'BACS' };

/**
 * A new identified personal client holding an account in each currency of `payments`, each
 * credited with that incoming payment (less the bank's incoming fee). Answers the signed-in user
 * as the cabinet stores it (identified) and the accounts after the money arrived.
 */
export async function identifiedClientWithMoney(
  stack: Stack,
  operators: Operators,
  prefix: string,
  payments: Readonly<Record<string, string>>,
): Promise<{ user: SignedInUser; accounts: Account[] }> {
  const client = newClient(prefix);
  const since = stack.mail.mails.length;
  await call(stack, 'POST', 'registrations', { body: { email: client.email, phone: client.phone, password: client.password, accountType: 'personal', language: 'en' } });
  const emailCode = await codeFromMail(stack, client.email, since);
  const signedIn = await call<SignedInUser>(stack, 'POST', 'login', { body: { email: client.email, password: client.password, emailCode } });
  const token = signedIn.userToken;

  await call(stack, 'POST', 'kyc/create', { token, body: PERSONAL_KYC });
  const queue = await asOperator<{ items: Array<{ kycId: string; version: number; client: { email: string } }> }>(stack, operators.compliance, 'GET', 'kyc?status=New');
  const submission = queue.items.find((item) => item.client.email === client.email.toLowerCase());
  if (!submission) throw new Error(`No KYC submission of ${client.email} in review`);
  await asOperator(stack, operators.compliance, 'POST', `kyc/${submission.kycId}/approve`, { version: submission.version });

  for (const [currency, amount] of Object.entries(payments)) {
    let account = (await call<Account[]>(stack, 'GET', 'account/list', { token })).find((candidate) => candidate.currency === currency);
    account ??= await call<Account>(stack, 'POST', 'account/create', { token, body: { currencies: [currency] } });
    const proposed = await call<{ approval: { id: string } }>(stack, 'POST', 'backoffice/incoming-payments', {
      token: operators.payments,
      idempotencyKey: randomUUID(),
      body: {
        accountNumber: account.number,
        amount,
        currency,
        senderName: 'Aigerim Nurlanova',
        senderAccount: currency === 'EUR' ? 'DE89370400440532013000' : '026009593-4471200981',
        paymentRegion: REGION_OF[currency] ?? 'SWIFT',
        purpose: 'Own funds from another bank',
      },
    });
    await asOperator(stack, operators.admin, 'POST', `approvals/${proposed.approval.id}/approve`, {});
  }

  // The cabinet reads the identification from the stored user data: as the server now tells it.
  const me = await call<Partial<SignedInUser>>(stack, 'GET', 'user/me', { token });
  return { user: { ...signedIn, ...me, userToken: token }, accounts: await call<Account[]>(stack, 'GET', 'account/list', { token }) };
}
