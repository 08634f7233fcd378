import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccountRequestSchema } from '@bank/contracts/accounts/create-account';
import { loginRequestSchema } from '@bank/contracts/auth/login';
import { loginStepOneRequestSchema } from '@bank/contracts/auth/login-step-one';
import { registrationRequestSchema } from '@bank/contracts/auth/register';
import { passkeyCreateRequestSchema, passkeyOptionsRequestSchema, passkeyRenameRequestSchema, passkeySignInRequestSchema } from '@bank/contracts/auth/passkeys';
import { totpDisableRequestSchema, totpEnableRequestSchema } from '@bank/contracts/auth/two-factor';
import { approvalsQuerySchema, approveRequestSchema, rejectApprovalRequestSchema, reversalRequestSchema } from '@bank/contracts/backoffice/approvals';
import { auditQuerySchema } from '@bank/contracts/backoffice/audit';
import { clientClosureRequestSchema, clientRiskRequestSchema, clientSearchQuerySchema } from '@bank/contracts/backoffice/clients';
import { activateCardRequestSchema, blockCardRequestSchema, cardLimitsRequestSchema, cardProductionRequestSchema, orderCardRequestSchema, replaceCardRequestSchema, revealCardRequestSchema } from '@bank/contracts/cards/cards';
import { authorizationRequestSchema, clearingRequestSchema, refundRequestSchema, reversalRequestSchema as cardReversalRequestSchema } from '@bank/contracts/cards/network';
import { closureCryptoPayoutRequestSchema, closurePayoutRequestSchema } from '@bank/contracts/closure/closure';
import { highRiskFeeProposalSchema } from '@bank/contracts/backoffice/high-risk-fee';
import { contactMessagesQuerySchema } from '@bank/contracts/backoffice/contact-messages';
import { depositLiabilityQuerySchema, depositRatesProposalSchema } from '@bank/contracts/backoffice/deposits';
import { cryptoDepositRequestSchema } from '@bank/contracts/backoffice/crypto-deposit';
import { incomingPaymentRequestSchema } from '@bank/contracts/backoffice/incoming-payment';
import { kycQueueQuerySchema, kycRejectRequestSchema } from '@bank/contracts/backoffice/kyc-review';
import { changeRolesRequestSchema, completeEnrolmentRequestSchema, deactivateOperatorRequestSchema, inviteOperatorRequestSchema, operatorChangeReasonSchema, operatorPasswordChangeRequestSchema } from '@bank/contracts/backoffice/operators';
import { paymentDenyRequestSchema, paymentsQueueQuerySchema } from '@bank/contracts/backoffice/payments';
import { ecbUploadRequestSchema, setRateRequestSchema, setSpreadRequestSchema } from '@bank/contracts/backoffice/rates';
import { operatorLoginRequestSchema } from '@bank/contracts/backoffice/sign-in';
import { contactFormSchema } from '@bank/contracts/contact/send-contact-form';
import { createCryptoTransferRequestSchema } from '@bank/contracts/crypto/create-crypto-transfer';
import { cryptoTransactionsQuerySchema } from '@bank/contracts/crypto/crypto-transactions';
import { createWalletRequestSchema } from '@bank/contracts/crypto/wallets';
import { conversionQuoteQuerySchema } from '@bank/contracts/exchange/conversion-quote';
import { exchangeRateQuerySchema } from '@bank/contracts/exchange/exchange-rate';
import { depositIdSchema, depositTermsSchema } from '@bank/contracts/deposits/index';
import { createKycRequestSchema } from '@bank/contracts/kyc/create-kyc';
import { deleteKycRequestSchema } from '@bank/contracts/kyc/delete-kyc';
import { updateKycRequestSchema } from '@bank/contracts/kyc/update-kyc';
import { convertRequestSchema } from '@bank/contracts/rates/convert';
import { balanceHistoryQuerySchema } from '@bank/contracts/statement/balance-history';
import { statementQuerySchema } from '@bank/contracts/statement/statement-query';
import { templatesQuerySchema } from '@bank/contracts/statement/templates';
import { cancelTransferRequestSchema } from '@bank/contracts/transfers/cancel-transfer';
import { createTransactionRequestSchema } from '@bank/contracts/transfers/create-transaction';
import { listTransactionsQuerySchema } from '@bank/contracts/transfers/list-transactions';
import { createStandingOrderRequestSchema } from '@bank/contracts/transfers/standing-orders';
import { transferFeeQuerySchema } from '@bank/contracts/transfers/transfer-fee';
import { passwordChangeRequestSchema } from '@bank/contracts/users/password-change';
import { passwordRefreshRequestSchema } from '@bank/contracts/users/password-refresh';
import { passwordResetRequestSchema } from '@bank/contracts/users/password-reset';
import type { z } from 'zod';

/**
 * Every route of the API, as the fault suite calls it: who may call it, the contracts schema of its
 * body or query (the field names to break), its path parameters, and what a valid call would do
 * that the suite must never do on purpose (move money, end the session).
 */
export const API_PREFIX = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Whose token a route takes: a client's, an operator's, or none. */
export type Caller = 'client' | 'operator' | 'public';

/**
 * What a valid call changes, beyond reading:
 * - `money`: books or approves money (transfers, deposits, decisions on transfers);
 * - `session`: ends the caller's session (a sign-out);
 * - `write`: changes other records (a KYC form, an account opened, a password, a rate).
 */
export type Effect = 'read' | 'money' | 'session' | 'write';

/** What a path parameter names: a row's UUID, or a text key such as a transaction number. */
export type ParamKind = 'uuid' | 'text';

/** The identifiers a plausible payload is built from (the fuzzing client's own, mostly). */
export interface SampleIds {
  accounts: string[];
  wallets: string[];
}

export interface RouteSpec {
  method: Method;
  /** The path as registered, under API_PREFIX (`/account/list`, `/backoffice/kyc/:kycId`). */
  path: string;
  caller: Caller;
  effect: Effect;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: Record<string, ParamKind>;
  /** A plausible payload, so that broken fields are judged past the first check. */
  sample?: (ids: SampleIds, pick: <T>(items: readonly T[]) => T) => Record<string, unknown>;
}

const iban = 'DE89370400440532013000';

export const ROUTES: readonly RouteSpec[] = [
  // health, contact
  { method: 'GET', path: '/health', caller: 'public', effect: 'read' },
  {
    method: 'POST', path: '/mailer/sendContactFormData', caller: 'public', effect: 'write', body: contactFormSchema,
    sample: () => ({ name: 'Ivan Fuzz', email: 'fuzz@example.com', phone: '+35312345678', message: 'Hello' }),
  },

  // sign-up, sign-in, sign-out
  {
    method: 'POST', path: '/registrations', caller: 'public', effect: 'write', body: registrationRequestSchema,
    sample: () => ({ email: 'fuzz.new@example.com', phone: '+35319998877', password: 'Fuzz-Pass-2024', accountType: 'personal', language: 'en' }),
  },
  {
    method: 'POST', path: '/login/list', caller: 'public', effect: 'write', body: loginStepOneRequestSchema,
    sample: () => ({ email: 'nobody.fuzz@example.com', password: 'Not-The-Password-1', language: 'en' }),
  },
  {
    method: 'POST', path: '/login', caller: 'public', effect: 'write', body: loginRequestSchema,
    sample: () => ({ email: 'nobody.fuzz@example.com', password: 'Not-The-Password-1', emailCode: '000000' }),
  },
  { method: 'POST', path: '/logout', caller: 'client', effect: 'session' },

  // users
  { method: 'GET', path: '/user/me', caller: 'client', effect: 'read' },
  {
    method: 'POST', path: '/user/password/refresh', caller: 'public', effect: 'write', body: passwordRefreshRequestSchema,
    sample: () => ({ email: 'nobody.fuzz@example.com', language: 'ru' }),
  },
  {
    method: 'POST', path: '/user/password/reset', caller: 'public', effect: 'write', body: passwordResetRequestSchema,
    sample: () => ({ token: 'a'.repeat(43), newPassword: 'Fuzz-Pass-2024' }),
  },
  {
    method: 'POST', path: '/user/password/change', caller: 'client', effect: 'write', body: passwordChangeRequestSchema,
    sample: () => ({ oldPassword: 'Not-The-Password-1', newPassword: 'Fuzz-Pass-2024', confirmPassword: 'Fuzz-Pass-2024' }),
  },
  // Two-factor sign-in: a fuzzer has neither the password nor the app, so it never turns it on.
  { method: 'POST', path: '/user/two-factor/setup', caller: 'client', effect: 'write' },
  {
    method: 'POST', path: '/user/two-factor/enable', caller: 'client', effect: 'write', body: totpEnableRequestSchema,
    sample: () => ({ password: 'Not-The-Password-1', code: '000000' }),
  },
  {
    method: 'POST', path: '/user/two-factor/disable', caller: 'client', effect: 'write', body: totpDisableRequestSchema,
    sample: () => ({ password: 'Not-The-Password-1', code: 'abcde-23456' }),
  },
  // Passkeys: without the password a fuzzer gets no registration challenge, and the answers it makes
  // up to a sign-in challenge name no passkey.
  {
    method: 'POST', path: '/user/passkeys/options', caller: 'client', effect: 'write', body: passkeyOptionsRequestSchema,
    sample: () => ({ password: 'Not-The-Password-1' }),
  },
  {
    method: 'POST', path: '/user/passkeys', caller: 'client', effect: 'write', body: passkeyCreateRequestSchema,
    sample: () => ({ name: 'Fuzz key', response: registrationSample() }),
  },
  { method: 'GET', path: '/user/passkeys', caller: 'client', effect: 'read' },
  {
    method: 'PATCH', path: '/user/passkeys/:id', caller: 'client', effect: 'write', params: { id: 'uuid' }, body: passkeyRenameRequestSchema,
    sample: () => ({ name: 'Fuzz key' }),
  },
  { method: 'DELETE', path: '/user/passkeys/:id', caller: 'client', effect: 'write', params: { id: 'uuid' } },
  { method: 'POST', path: '/login/passkey/options', caller: 'public', effect: 'write' },
  {
    method: 'POST', path: '/login/passkey', caller: 'public', effect: 'write', body: passkeySignInRequestSchema,
    sample: () => ({ response: authenticationSample() }),
  },
  // Sessions and devices: ending a session (the caller's own, or all the others) is a sign-out.
  { method: 'GET', path: '/user/sessions', caller: 'client', effect: 'read' },
  { method: 'DELETE', path: '/user/sessions/:id', caller: 'client', effect: 'session', params: { id: 'uuid' } },
  { method: 'POST', path: '/user/sessions/end-others', caller: 'client', effect: 'session' },

  // KYC
  { method: 'GET', path: '/kyc/list', caller: 'client', effect: 'read' },
  {
    method: 'POST', path: '/kyc/create', caller: 'client', effect: 'write', body: createKycRequestSchema,
    sample: () => kycSample(),
  },
  {
    method: 'POST', path: '/kyc/update', caller: 'client', effect: 'write', body: updateKycRequestSchema,
    sample: () => ({ ...kycSample(), kycId: '00000000-0000-4000-8000-000000000000' }),
  },
  {
    method: 'POST', path: '/kyc/delete', caller: 'client', effect: 'write', body: deleteKycRequestSchema,
    sample: () => ({ kycId: '00000000-0000-4000-8000-000000000000' }),
  },

  // accounts, transfers, exchange
  { method: 'GET', path: '/account/list', caller: 'client', effect: 'read' },
  {
    method: 'POST', path: '/account/create', caller: 'client', effect: 'write', body: createAccountRequestSchema,
    sample: (_ids, pick) => ({ currencies: [pick(['EUR', 'USD', 'GBP', 'CHF'])] }),
  },
  {
    method: 'POST', path: '/transaction/create', caller: 'client', effect: 'money', body: createTransactionRequestSchema,
    sample: (ids, pick) => pick([internalSample, internationalSample, exchangeSample, conversionSample])(ids, pick),
  },
  {
    method: 'POST', path: '/transaction/cancel', caller: 'client', effect: 'money', body: cancelTransferRequestSchema,
    sample: () => ({ transactionNumber: '1000001' }),
  },
  { method: 'GET', path: '/transaction/list', caller: 'client', effect: 'read', query: listTransactionsQuerySchema },
  { method: 'GET', path: '/transaction/fee', caller: 'public', effect: 'read', query: transferFeeQuerySchema },
  // Standing orders: one starting today (and a resumed one) makes a transfer that the payments' job books.
  {
    method: 'POST', path: '/standing-orders', caller: 'client', effect: 'money', body: createStandingOrderRequestSchema,
    sample: (ids, pick) => ({
      transfer: pick([internalSample, internationalSample])(ids, pick), frequency: pick(['weekly', 'monthly', 'quarterly']),
      startDate: new Date().toISOString().slice(0, 10), count: 3,
    }),
  },
  { method: 'GET', path: '/standing-orders', caller: 'client', effect: 'read' },
  { method: 'POST', path: '/standing-orders/:id/pause', caller: 'client', effect: 'write', params: { id: 'uuid' } },
  { method: 'POST', path: '/standing-orders/:id/resume', caller: 'client', effect: 'money', params: { id: 'uuid' } },
  { method: 'POST', path: '/standing-orders/:id/cancel', caller: 'client', effect: 'write', params: { id: 'uuid' } },
  // Term deposits: opening moves the principal and the fee; closing early returns the principal.
  { method: 'GET', path: '/deposit/quote', caller: 'client', effect: 'read', query: depositTermsSchema },
  {
    method: 'POST', path: '/deposit/create', caller: 'client', effect: 'money', body: depositTermsSchema,
    sample: (ids, pick) => ({
      currency: pick(['EUR', 'USD']), accNumberFrom: pick(ids.accounts), amount: pick(['10000.00', '25000']), termMonths: pick([3, 12, 60]), payoutMonths: pick([1, 3]),
    }),
  },
  { method: 'GET', path: '/deposit/list', caller: 'client', effect: 'read' },
  { method: 'GET', path: '/deposit/close-quote', caller: 'client', effect: 'read', query: depositIdSchema },
  {
    method: 'POST', path: '/deposit/close', caller: 'client', effect: 'money', body: depositIdSchema,
    sample: () => ({ depositId: '00000000-0000-4000-8000-000000000000' }),
  },
  // The rate table in force, which the public pages print.
  { method: 'GET', path: '/deposit/rates', caller: 'public', effect: 'read' },
  { method: 'GET', path: '/exchange/rate', caller: 'public', effect: 'read', query: exchangeRateQuerySchema },
  {
    method: 'POST', path: '/converter/convert', caller: 'public', effect: 'read', body: convertRequestSchema,
    sample: (_ids, pick) => ({ from: pick(['EUR', 'USD', 'BTC']), to: pick(['RUB', 'ETH', 'GBP']), amount: '10' }),
  },
  { method: 'GET', path: '/statement', caller: 'client', effect: 'read', query: statementQuerySchema },
  // Cards (docs/cards.md): ordering charges its fee; the holder's controls.
  { method: 'GET', path: '/cards', caller: 'client', effect: 'read' },
  {
    method: 'POST', path: '/cards', caller: 'client', effect: 'money', body: orderCardRequestSchema,
    sample: (ids, pick) => ({ type: 'virtual', accountNumber: pick(ids.accounts) }),
  },
  { method: 'POST', path: '/cards/:id/reveal', caller: 'client', effect: 'read', params: { id: 'uuid' }, body: revealCardRequestSchema, sample: () => ({ password: 'Fuzz-Password-1' }) },
  { method: 'POST', path: '/cards/:id/freeze', caller: 'client', effect: 'write', params: { id: 'uuid' } },
  { method: 'POST', path: '/cards/:id/unfreeze', caller: 'client', effect: 'write', params: { id: 'uuid' } },
  {
    method: 'PATCH', path: '/cards/:id/limits', caller: 'client', effect: 'write', params: { id: 'uuid' }, body: cardLimitsRequestSchema,
    sample: () => ({ perTransaction: '100.00', online: false, countriesBlocked: ['RU'] }),
  },
  { method: 'POST', path: '/cards/:id/replace', caller: 'client', effect: 'write', params: { id: 'uuid' }, body: replaceCardRequestSchema, sample: () => ({ reason: 'lost' }) },
  { method: 'POST', path: '/cards/:id/activate', caller: 'client', effect: 'write', params: { id: 'uuid' }, body: activateCardRequestSchema, sample: () => ({ last4: '1234' }) },
  // The card network's calls (docs/cards.md#the-card-network): signed with the processor's secret, which
  // the fuzz does not hold, so every one is judged unsigned (401) past the body's parsing; the card loops
  // (cards.ts) send signed ones.
  {
    method: 'POST', path: '/card-network/authorizations', caller: 'public', effect: 'money', body: authorizationRequestSchema,
    sample: () => ({ messageId: 'fuzz-1', pan: '5319720000000018', expiry: '12/31', cvc: '123', amount: '12.50', currency: 'EUR', merchant: { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' }, channel: 'pos' }),
  },
  {
    method: 'POST', path: '/card-network/clearings', caller: 'public', effect: 'money', body: clearingRequestSchema,
    sample: () => ({ messageId: 'fuzz-2', authorizationId: '3f1c8a2e-5b7d-4c9e-8f01-23456789abcd', amount: '12.50', currency: 'EUR' }),
  },
  {
    method: 'POST', path: '/card-network/reversals', caller: 'public', effect: 'money', body: cardReversalRequestSchema,
    sample: () => ({ messageId: 'fuzz-3', authorizationId: '3f1c8a2e-5b7d-4c9e-8f01-23456789abcd' }),
  },
  {
    method: 'POST', path: '/card-network/refunds', caller: 'public', effect: 'money', body: refundRequestSchema,
    sample: () => ({ messageId: 'fuzz-4', pan: '5319720000000018', amount: '12.50', currency: 'EUR', merchant: { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' } }),
  },
  // A closed client's closure and payout: the fuzzing clients are not closed (404 and 409 on the bank's terms).
  { method: 'GET', path: '/closure', caller: 'client', effect: 'read' },
  {
    method: 'POST', path: '/closure/payout', caller: 'client', effect: 'money', body: closurePayoutRequestSchema,
    sample: () => ({ fullName: 'Fuzz', iban: 'DE89370400440532013000', swiftBic: 'DEUTDEFF', bank: 'Fuzz Bank', bankAddress: 'Fuzz street 1', address: 'Fuzz street 2' }),
  },
  {
    method: 'POST', path: '/closure/crypto-payout', caller: 'client', effect: 'money', body: closureCryptoPayoutRequestSchema,
    sample: (ids, pick) => ({ wallet: pick(ids.wallets), recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
  },
  { method: 'GET', path: '/statement/balance-history', caller: 'client', effect: 'read', query: balanceHistoryQuerySchema },
  { method: 'GET', path: '/statement/templates', caller: 'client', effect: 'read', query: templatesQuerySchema },
  { method: 'GET', path: '/statement/verify/:code', caller: 'public', effect: 'read', params: { code: 'text' } },
  // The body is the PDF file itself (application/pdf): there are no fields to break.
  { method: 'POST', path: '/statement/verify', caller: 'public', effect: 'read' },

  // crypto
  { method: 'GET', path: '/wallet/list', caller: 'client', effect: 'read' },
  {
    method: 'POST', path: '/wallet/create', caller: 'client', effect: 'write', body: createWalletRequestSchema,
    sample: (_ids, pick) => ({ currency: pick(['BTC', 'ETH', 'SOL']) }),
  },
  {
    method: 'POST', path: '/crypto-transaction/create', caller: 'client', effect: 'money', body: createCryptoTransferRequestSchema,
    sample: (ids, pick) => ({
      type: 'crypto',
      fromWallet: pick(ids.wallets),
      recipient: pick(ids.wallets),
      email: 'payee@example.com',
      amount: '0.001',
      currency: pick(['BTC', 'ETH', 'USDT', 'SOL']),
      reference: 'fuzz',
    }),
  },
  { method: 'GET', path: '/crypto-transaction/list', caller: 'client', effect: 'read', query: cryptoTransactionsQuerySchema },
  { method: 'GET', path: '/exchange/conversion-quote', caller: 'client', effect: 'read', query: conversionQuoteQuerySchema },

  // back office: sign-in
  {
    method: 'POST', path: '/backoffice/login', caller: 'public', effect: 'write', body: operatorLoginRequestSchema,
    sample: () => ({ email: 'nobody.fuzz@bank.example', password: 'Not-The-Password-1', totpCode: '000000' }),
  },
  // An enrolment link's token the fuzzer cannot know: every call is refused as an unknown link.
  { method: 'GET', path: '/backoffice/enrolment/:token', caller: 'public', effect: 'read', params: { token: 'text' } },
  {
    method: 'POST', path: '/backoffice/enrolment/:token', caller: 'public', effect: 'write', params: { token: 'text' }, body: completeEnrolmentRequestSchema,
    sample: () => ({ password: 'Fuzz-Pass-2024', totpCode: '000000' }),
  },
  { method: 'POST', path: '/backoffice/logout', caller: 'operator', effect: 'session' },
  {
    method: 'POST', path: '/backoffice/password', caller: 'operator', effect: 'write', body: operatorPasswordChangeRequestSchema,
    sample: () => ({ currentPassword: 'Not-The-Password-1', newPassword: 'Fuzz-Pass-2024' }),
  },
  { method: 'GET', path: '/backoffice/me', caller: 'operator', effect: 'read' },
  { method: 'GET', path: '/backoffice/summary', caller: 'operator', effect: 'read' },

  // back office: KYC
  { method: 'GET', path: '/backoffice/kyc', caller: 'operator', effect: 'read', query: kycQueueQuerySchema },
  { method: 'GET', path: '/backoffice/kyc/:kycId', caller: 'operator', effect: 'read', params: { kycId: 'uuid' } },
  { method: 'POST', path: '/backoffice/kyc/:kycId/approve', caller: 'operator', effect: 'write', params: { kycId: 'uuid' } },
  {
    method: 'POST', path: '/backoffice/kyc/:kycId/reject', caller: 'operator', effect: 'write', params: { kycId: 'uuid' }, body: kycRejectRequestSchema,
    sample: () => ({ reason: 'Document unreadable' }),
  },

  // back office: payments
  { method: 'GET', path: '/backoffice/transactions', caller: 'operator', effect: 'read', query: paymentsQueueQuerySchema },
  { method: 'GET', path: '/backoffice/transactions/:transactionNumber', caller: 'operator', effect: 'read', params: { transactionNumber: 'text' } },
  { method: 'POST', path: '/backoffice/transactions/:transactionNumber/approve', caller: 'operator', effect: 'money', params: { transactionNumber: 'text' } },
  {
    method: 'POST', path: '/backoffice/transactions/:transactionNumber/deny', caller: 'operator', effect: 'money', params: { transactionNumber: 'text' }, body: paymentDenyRequestSchema,
    sample: () => ({ reason: 'Sanctions screening' }),
  },
  {
    method: 'POST', path: '/backoffice/incoming-payments/preview', caller: 'operator', effect: 'read', body: incomingPaymentRequestSchema,
    sample: (ids, pick) => incomingSample(ids, pick),
  },
  {
    method: 'POST', path: '/backoffice/incoming-payments', caller: 'operator', effect: 'money', body: incomingPaymentRequestSchema,
    sample: (ids, pick) => incomingSample(ids, pick),
  },
  {
    method: 'POST', path: '/backoffice/crypto-deposits', caller: 'operator', effect: 'money', body: cryptoDepositRequestSchema,
    sample: (ids, pick) => ({ address: pick(ids.wallets), amount: '0.5', currency: pick(['BTC', 'ETH', 'SOL']), txHash: 'ab'.repeat(32) }),
  },

  {
    method: 'POST', path: '/backoffice/reversals', caller: 'operator', effect: 'money', body: reversalRequestSchema,
    sample: () => ({ transactionNumber: 'TR-000000001', reason: 'Fuzz' }),
  },

  // back office: four eyes
  { method: 'GET', path: '/backoffice/approvals', caller: 'operator', effect: 'read', query: approvalsQuerySchema },
  { method: 'GET', path: '/backoffice/approvals/:approvalId', caller: 'operator', effect: 'read', params: { approvalId: 'uuid' } },
  {
    method: 'POST', path: '/backoffice/approvals/:approvalId/approve', caller: 'operator', effect: 'money', params: { approvalId: 'uuid' }, body: approveRequestSchema,
    sample: () => ({ confirmDuplicate: false }),
  },
  {
    method: 'POST', path: '/backoffice/approvals/:approvalId/reject', caller: 'operator', effect: 'write', params: { approvalId: 'uuid' }, body: rejectApprovalRequestSchema,
    sample: () => ({ reason: 'Fuzz' }),
  },
  { method: 'POST', path: '/backoffice/approvals/:approvalId/withdraw', caller: 'operator', effect: 'write', params: { approvalId: 'uuid' } },

  // back office: rates
  { method: 'GET', path: '/backoffice/rates', caller: 'operator', effect: 'read' },
  {
    method: 'PUT', path: '/backoffice/rates', caller: 'operator', effect: 'write', body: setRateRequestSchema,
    sample: (_ids, pick) => ({ pair: pick(['EUR/USD', 'EUR/RUB', 'EUR/BTC']), rate: '1.0823' }),
  },
  {
    method: 'PUT', path: '/backoffice/rates/spread', caller: 'operator', effect: 'write', body: setSpreadRequestSchema,
    sample: () => ({ basisPoints: 50 }),
  },
  {
    method: 'POST', path: '/backoffice/rates/ecb', caller: 'operator', effect: 'write', body: ecbUploadRequestSchema,
    sample: () => ({ xml: '<?xml version="1.0"?><gesmes:Envelope><Cube><Cube time="2024-01-02"><Cube currency="USD" rate="1.0956"/></Cube></Cube></gesmes:Envelope>' }),
  },

  // back office: deposits
  { method: 'GET', path: '/backoffice/deposits/rates', caller: 'operator', effect: 'read' },
  {
    method: 'PUT', path: '/backoffice/deposits/rates', caller: 'operator', effect: 'write', body: depositRatesProposalSchema,
    sample: () => ({ rates: { withHistory: { EUR: '11.50', USD: '12.50' }, withoutHistory: { EUR: '10.50', USD: '11.50' } }, reason: 'Fuzz' }),
  },
  { method: 'GET', path: '/backoffice/deposits/liability', caller: 'operator', effect: 'read', query: depositLiabilityQuerySchema },

  // back office: read-only lists, operators
  { method: 'GET', path: '/backoffice/clients', caller: 'operator', effect: 'read', query: clientSearchQuerySchema },
  { method: 'GET', path: '/backoffice/clients/:clientId', caller: 'operator', effect: 'read', params: { clientId: 'uuid' } },
  { method: 'GET', path: '/backoffice/clients/:clientId/schedules', caller: 'operator', effect: 'read', params: { clientId: 'uuid' } },
  { method: 'GET', path: '/backoffice/clients/:clientId/deposits', caller: 'operator', effect: 'read', params: { clientId: 'uuid' } },
  // A client's risk level and the high-risk service fee: four-eyes proposals (docs/bank-controls.md#high-risk-clients).
  {
    method: 'POST', path: '/backoffice/clients/:clientId/risk', caller: 'operator', effect: 'write', params: { clientId: 'uuid' }, body: clientRiskRequestSchema,
    sample: (_ids, pick) => ({ level: pick(['high', 'standard']), reason: 'Fuzz' }),
  },
  // Cards in the back office: a client's cards, blocking one, a physical card's production.
  { method: 'GET', path: '/backoffice/clients/:clientId/cards', caller: 'operator', effect: 'read', params: { clientId: 'uuid' } },
  {
    method: 'POST', path: '/backoffice/cards/:cardId/block', caller: 'operator', effect: 'write', params: { cardId: 'uuid' }, body: blockCardRequestSchema,
    sample: () => ({ reason: 'Fuzz' }),
  },
  {
    method: 'POST', path: '/backoffice/cards/:cardId/status', caller: 'operator', effect: 'write', params: { cardId: 'uuid' }, body: cardProductionRequestSchema,
    sample: (_ids, pick) => ({ status: pick(['Produced', 'Shipped']) }),
  },
  // Closing a client who breaches policy: a four-eyes proposal (docs/bank-controls.md#closing-a-client).
  {
    method: 'POST', path: '/backoffice/clients/:clientId/closure', caller: 'operator', effect: 'write', params: { clientId: 'uuid' }, body: clientClosureRequestSchema,
    sample: () => ({ reason: 'Fuzz' }),
  },
  { method: 'GET', path: '/backoffice/fees/high-risk', caller: 'operator', effect: 'read' },
  {
    method: 'PUT', path: '/backoffice/fees/high-risk', caller: 'operator', effect: 'write', body: highRiskFeeProposalSchema,
    sample: (_ids, pick) => ({ amount: pick(['120', '99.50', '0']), reason: 'Fuzz' }),
  },
  { method: 'GET', path: '/backoffice/contact-messages', caller: 'operator', effect: 'read', query: contactMessagesQuerySchema },
  { method: 'POST', path: '/backoffice/contact-messages/:messageId/handled', caller: 'operator', effect: 'write', params: { messageId: 'uuid' } },
  { method: 'GET', path: '/backoffice/audit', caller: 'operator', effect: 'read', query: auditQuerySchema },
  { method: 'GET', path: '/backoffice/operators', caller: 'operator', effect: 'read' },
  {
    method: 'POST', path: '/backoffice/operators', caller: 'operator', effect: 'write', body: inviteOperatorRequestSchema,
    sample: () => ({ email: 'new.operator@bank.example', name: 'New Operator', roles: ['payments'] }),
  },
  {
    method: 'POST', path: '/backoffice/operators/:operatorId/deactivate', caller: 'operator', effect: 'write', params: { operatorId: 'uuid' }, body: deactivateOperatorRequestSchema,
    sample: () => ({ reason: 'Fuzz' }),
  },
  {
    method: 'POST', path: '/backoffice/operators/:operatorId/roles', caller: 'operator', effect: 'write', params: { operatorId: 'uuid' }, body: changeRolesRequestSchema,
    sample: () => ({ roles: ['payments'], reason: 'Fuzz' }),
  },
  {
    method: 'POST', path: '/backoffice/operators/:operatorId/reactivate', caller: 'operator', effect: 'write', params: { operatorId: 'uuid' }, body: operatorChangeReasonSchema,
    sample: () => ({ reason: 'Fuzz' }),
  },
  {
    method: 'POST', path: '/backoffice/operators/:operatorId/reset-authenticator', caller: 'operator', effect: 'write', params: { operatorId: 'uuid' }, body: operatorChangeReasonSchema,
    sample: () => ({ reason: 'Fuzz' }),
  },
];

/** A browser's answer to a passkey ceremony, in shape only: base64url parts that prove nothing. */
const passkeyAnswer = (response: Record<string, unknown>) => ({
  id: 'ZnV6ei1wYXNza2V5', rawId: 'ZnV6ei1wYXNza2V5', type: 'public-key', clientExtensionResults: {}, response,
});

function registrationSample(): Record<string, unknown> {
  return passkeyAnswer({ clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ', transports: ['internal'] });
}

function authenticationSample(): Record<string, unknown> {
  return passkeyAnswer({ clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ', userHandle: 'AAAAAAAAAAAAAAAAAAAAAA' });
}

export function kycSample(): Record<string, unknown> {
  return {
    firstName: 'Ivan', lastName: 'Fuzz', companyName: null, country: 'IE', city: 'Dublin', state: null, postalCode: 'D02',
    identityCardType: 'passport', identityCardId: 'X1234567', address: '1 Main Street', phoneNumber: '+35312345678', taxNumber: null,
    sourcesOfWealth: [], isOtherSourcesOfWealth: false, otherSourcesOfWealth: null, pep: false, currencies: ['EUR'],
  };
}

function internalSample(ids: SampleIds, pick: <T>(items: readonly T[]) => T): Record<string, unknown> {
  return {
    type: 'internal', accNumberFrom: pick(ids.accounts), accNumberTo: pick(ids.accounts), fullName: 'Payee', email: 'payee@example.com',
    amount: '10.00', transferCurrency: 'EUR', reference: 'fuzz', templateName: 'fuzz',
  };
}

function internationalSample(ids: SampleIds, pick: <T>(items: readonly T[]) => T): Record<string, unknown> {
  return {
    type: 'international', paymentRegions: pick(['SEPA', 'SWIFT']), fromAccount: pick(ids.accounts), amount: '100.00', purpose: 'Invoice 1',
    recipientDetails: {
      fullName: 'Hans Muster', recipientsSwiftBic: 'COBADEFFXXX', recipientsBankCountry: 'DE', recipientsBankAddress: 'Kaiserplatz, Frankfurt',
      recipientsBank: 'Commerzbank', recipientsIban: iban, recipientsAddress: 'Hauptstrasse 1, Berlin', recipientsEmail: 'hans@example.com',
      recipientType: 'individual',
    },
  };
}

function exchangeSample(ids: SampleIds, pick: <T>(items: readonly T[]) => T): Record<string, unknown> {
  return { type: 'exchange', accNumberFrom: pick(ids.accounts), accNumberTo: pick(ids.accounts), amount: '10.00', forAmountCurrency: 'EUR', getAmountCurrency: 'USD', rate: '1.07' };
}

function conversionSample(ids: SampleIds, pick: <T>(items: readonly T[]) => T): Record<string, unknown> {
  return { type: 'exchange', accNumberFrom: pick(ids.accounts), accNumberTo: pick(ids.wallets), amount: '10.00', forAmountCurrency: 'EUR', getAmountCurrency: 'BTC' };
}

function incomingSample(ids: SampleIds, pick: <T>(items: readonly T[]) => T): Record<string, unknown> {
  return {
    accountNumber: pick(ids.accounts), amount: '100.00', currency: 'EUR', senderName: 'Hans Muster', senderAccount: iban,
    purpose: 'Invoice 1', paymentRegion: pick(['SEPA', 'SWIFT']), investigation: pick([true, false]),
  };
}

/** The repository's root, found from this file so the suite runs from any directory. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A route as a module's routes.ts (or another of its `…-routes.ts` plugins) registers it. */
export interface RegisteredRoute {
  method: Method;
  path: string;
  file: string;
}

const REGISTRATION = /\bapp\.(get|post|put|delete|patch)\(\s*(['"`])([^'"`]+)\2/g;

/** The routes the server's modules register, read from their source text. */
export function registeredRoutes(root: string = REPOSITORY_ROOT): RegisteredRoute[] {
  const modules = path.join(root, 'apps/server/src/modules');
  const found: RegisteredRoute[] = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(modules, entry.name);
    for (const name of readdirSync(folder).filter((file) => /^([a-z-]+-)?routes\.ts$/.test(file))) {
      const file = path.join(folder, name);
      for (const match of readFileSync(file, 'utf8').matchAll(REGISTRATION)) {
        found.push({ method: match[1]!.toUpperCase() as Method, path: match[3]!, file: path.relative(root, file) });
      }
    }
  }
  return found;
}

/**
 * Fails loudly when a module registers a route this list does not know (a route nobody fuzzes) or
 * the list names one that no longer exists (a fuzz that tests nothing).
 */
export function assertRouteListComplete(root: string = REPOSITORY_ROOT): void {
  const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
  const registered = registeredRoutes(root);
  const listed = new Set(ROUTES.map(key));
  const missing = registered.filter((route) => !listed.has(key(route)));
  const known = new Set(registered.map(key));
  const stale = ROUTES.filter((route) => !known.has(key(route)));
  if (registered.length === 0 || missing.length > 0 || stale.length > 0) {
    const lines = [
      ...missing.map((route) => `  registered in ${route.file} but missing from faults/routes.ts: ${key(route)}`),
      ...stale.map((route) => `  listed in faults/routes.ts but registered nowhere: ${key(route)}`),
    ];
    if (registered.length === 0) lines.push(`  no route registrations found under ${path.join(root, 'apps/server/src/modules')}`);
    throw new Error(`The fuzzed route list is out of date:\n${lines.join('\n')}`);
  }
}
