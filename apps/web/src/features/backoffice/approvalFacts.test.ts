// Proves that a checker reads each kind of proposal as what it will do (the fields its maker gave,
// old → new for a rate, the roles granted, the transfer to release, the client to close) with nothing
// of the payload hidden, that every label has a text, and who may withdraw, approve or reject.
import { APPROVAL_KINDS, type ApprovalItem } from '@bank/contracts/backoffice/approvals';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../locales/localeFiles';
import { approvalActions, approvalKindsFor, describeApproval, describeResult, ecbRateDifferences, type ApprovalFact } from './approvalFacts';

const english = loadNamespace('en', 'backoffice');

describe('describeApproval', () => {
  it('reads an incoming payment as account, amount in its currency, sender and purpose', () => {
    const facts = describeApproval({
      kind: 'incomingPayment',
      payload: {
        accountNumber: '40817978000000000001',
        amount: '250000.00',
        currency: 'EUR',
        senderName: 'Petrov Family Trust',
        senderAccount: 'DE89370400440532013000',
        purpose: 'Living expenses',
        paymentRegion: 'SEPA',
        valueDate: '2025-03-12',
        reference: 'MT103-77812',
      },
    });
    expect(facts).toEqual([
      { label: 'accountNumber', type: 'account', number: '40817978000000000001' },
      { label: 'amount', type: 'money', amount: '250000.00', currency: 'EUR' },
      { label: 'senderName', type: 'text', text: 'Petrov Family Trust' },
      { label: 'senderAccount', type: 'text', text: 'DE89370400440532013000' },
      { label: 'purpose', type: 'text', text: 'Living expenses' },
      { label: 'paymentRegion', type: 'text', text: 'SEPA' },
      { label: 'valueDate', type: 'text', text: '2025-03-12' },
      { label: 'reference', type: 'text', text: 'MT103-77812' },
    ]);
  });

  it("shows the holder, the fee and the credit as the maker saw them, when the proposal carries them", () => {
    const facts = describeApproval({
      kind: 'incomingPayment',
      payload: { accountNumber: '40817978000000000001', amount: '250000.00', currency: 'EUR', holder: 'Anna Client', fee: '750.00', credited: '249250.00' },
    });
    expect(facts).toEqual([
      { label: 'accountNumber', type: 'account', number: '40817978000000000001' },
      { label: 'holder', type: 'text', text: 'Anna Client' },
      { label: 'amount', type: 'money', amount: '250000.00', currency: 'EUR' },
      { label: 'fee', type: 'money', amount: '750.00', currency: 'EUR' },
      { label: 'credited', type: 'money', amount: '249250.00', currency: 'EUR' },
    ]);
  });

  it('reads a crypto deposit as address, amount in its coin and the network hash', () => {
    expect(describeApproval({ kind: 'cryptoDeposit', payload: { address: 'bc1qexample', amount: '0.5', currency: 'BTC', txHash: 'ab'.repeat(32) } })).toEqual([
      { label: 'address', type: 'code', text: 'bc1qexample' },
      { label: 'amount', type: 'money', amount: '0.5', currency: 'BTC' },
      { label: 'txHash', type: 'code', text: 'ab'.repeat(32) },
    ]);
  });

  it('reads a reversal as the transaction and its reason, without a link to the payments queue', () => {
    expect(describeApproval({ kind: 'reversal', payload: { transactionNumber: 'T-1001', reason: 'Booked twice' } })).toEqual([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-1001', link: false },
      { label: 'reason', type: 'text', text: 'Booked twice' },
    ]);
  });

  it('reads a rate and a spread as old → new, and a new value alone when the old one is not given', () => {
    expect(describeApproval({ kind: 'rate', payload: { currency: 'USD', perEur: '1.2000', previous: '1.0823', reference: '1.0830' } })).toEqual([
      { label: 'pair', type: 'text', text: 'EUR/USD' },
      { label: 'rate', type: 'change', from: '1.0823', to: '1.2000', unit: 'rate' },
      { label: 'ecbReference', type: 'text', text: '1.0830' },
    ]);
    expect(describeApproval({ kind: 'spread', payload: { basisPoints: 80, previous: 50 } })).toEqual([
      { label: 'spread', type: 'change', from: '50', to: '80', unit: 'basisPoints' },
    ]);
    expect(describeApproval({ kind: 'spread', payload: { basisPoints: 80 } })).toEqual([{ label: 'spread', type: 'change', from: null, to: '80', unit: 'basisPoints' }]);
  });

  it('reads operator changes as who and which roles, old → new for a change of roles', () => {
    expect(describeApproval({ kind: 'operatorInvite', payload: { name: 'Nina Smirnova', email: 'nina@bank.example', roles: ['admin'] } })).toEqual([
      { label: 'name', type: 'text', text: 'Nina Smirnova' },
      { label: 'email', type: 'text', text: 'nina@bank.example' },
      { label: 'roles', type: 'roles', roles: ['admin'], previous: null },
    ]);
    const operator = { operatorId: 'op-7', name: 'Nina Smirnova', email: 'nina@bank.example' };
    expect(describeApproval({ kind: 'operatorRoles', payload: { ...operator, roles: ['payments', 'admin'], rolesBefore: ['payments'] } })).toEqual([
      { label: 'operator', type: 'operator', name: 'Nina Smirnova', email: 'nina@bank.example' },
      { label: 'roles', type: 'roles', roles: ['payments', 'admin'], previous: ['payments'] },
    ]);
    for (const kind of ['operatorReactivate', 'operatorResetAuthenticator'] as const) {
      expect(describeApproval({ kind, payload: operator })).toEqual([{ label: 'operator', type: 'operator', name: 'Nina Smirnova', email: 'nina@bank.example' }]);
    }
  });

  it('links a transfer release to the transfer it releases', () => {
    expect(describeApproval({ kind: 'transferRelease', payload: { transactionNumber: 'T-2002' } })).toEqual([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-2002', link: true },
    ]);
    expect(describeApproval({ kind: 'transferRelease', payload: { transactionNumber: 'T-2002', amount: '12000.00', currency: 'EUR' } })).toEqual([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-2002', link: true },
      { label: 'amount', type: 'money', amount: '12000.00', currency: 'EUR' },
    ]);
  });

  it('reads a deposit rate table as every cell in force → proposed, in the order of the table', () => {
    const previous = { withHistory: { EUR: 1100, USD: 1200 }, withoutHistory: { EUR: 1000, USD: 1100 } };
    const rates = { withHistory: { EUR: 1150, USD: 1200 }, withoutHistory: { EUR: 1025, USD: 1100 } };
    expect(describeApproval({ kind: 'depositRates', payload: { rates, previous, previousVersionId: null } })).toEqual([
      { label: 'depositRates.withHistory.EUR', type: 'change', from: '1100', to: '1150', unit: 'percent' },
      { label: 'depositRates.withHistory.USD', type: 'change', from: '1200', to: '1200', unit: 'percent' },
      { label: 'depositRates.withoutHistory.EUR', type: 'change', from: '1000', to: '1025', unit: 'percent' },
      { label: 'depositRates.withoutHistory.USD', type: 'change', from: '1100', to: '1100', unit: 'percent' },
    ]);
    // Without the table it replaces, the proposed rates alone; the version approving it wrote is not a fact for the checker.
    expect(describeApproval({ kind: 'depositRates', payload: { rates: { withHistory: { EUR: 1150 } } } })).toEqual([
      { label: 'depositRates.withHistory.EUR', type: 'change', from: null, to: '1150', unit: 'percent' },
    ]);
    expect(describeResult({ kind: 'depositRates', result: { versionId: '7' } })).toEqual([]);
  });

  it("reads an ECB file uploaded by hand as its day and each rate against the rate in use, leaving out its result's repeats", () => {
    const payload = { date: '2026-11-20', perEur: { GBP: '0.8466', USD: '1.1111' }, inUse: { USD: '1.0823', GBP: '0.8421' } };
    expect(describeApproval({ kind: 'ecbFile', payload })).toEqual<ApprovalFact[]>([
      { label: 'ecbDate', type: 'text', text: '2026-11-20' },
      // In the order of the bank's currencies, whatever the payload's order.
      { label: 'ecbRate', type: 'rateDifference', currency: 'USD', inUse: '1.0823', inFile: '1.1111', changeBasisPoints: 266 },
      { label: 'ecbRate', type: 'rateDifference', currency: 'GBP', inUse: '0.8421', inFile: '0.8466', changeBasisPoints: 53 },
    ]);
    expect(describeResult({ kind: 'ecbFile', result: { date: '2026-11-20', currencies: ['USD', 'GBP'] } })).toEqual([]);
  });

  it('computes the differences of an ECB file from the rates in use exactly, in basis points rounded half away from zero', () => {
    expect(
      ecbRateDifferences(
        { USD: '1.1111', GBP: '0.84235', CHF: '0.9412', CZK: '25.0', BTC: '0.0000112047', PLN: '4.3212' },
        { USD: '1.0823', GBP: '0.8421', CHF: '0.9412', CZK: '25.112', BTC: '0.0000112047' },
      ),
    ).toEqual([
      // (1.1111 − 1.0823) / 1.0823 = 2.6610 %.
      { currency: 'USD', inUse: '1.0823', inFile: '1.1111', changeBasisPoints: 266 },
      // 0.0297 %: rounds to 3 basis points.
      { currency: 'GBP', inUse: '0.8421', inFile: '0.84235', changeBasisPoints: 3 },
      { currency: 'CHF', inUse: '0.9412', inFile: '0.9412', changeBasisPoints: 0 },
      // (25.0 − 25.112) / 25.112 = −0.446 %.
      { currency: 'CZK', inUse: '25.112', inFile: '25.0', changeBasisPoints: -45 },
      // No rate in use to measure from: the file's rate alone.
      { currency: 'PLN', inUse: null, inFile: '4.3212', changeBasisPoints: null },
      { currency: 'BTC', inUse: '0.0000112047', inFile: '0.0000112047', changeBasisPoints: 0 },
    ]);
    // Half a basis point is rounded away from zero both ways: 1.00005 and 0.99995 against 1.
    expect(ecbRateDifferences({ USD: '1.00005', GBP: '0.99995' }, { USD: '1', GBP: '1' }).map((row) => row.changeBasisPoints)).toEqual([1, -1]);
    // What is not a rate is left out, and a payload that is not a map gives nothing.
    expect(ecbRateDifferences({ USD: 'abc', GBP: '1e3', CHF: -1, XYZ: '1.0' }, {})).toEqual([]);
    expect(ecbRateDifferences('1', null)).toEqual([]);
  });

  it('lists what it does not know under its own name, and leaves out empty values and unknown roles', () => {
    expect(describeApproval({ kind: 'operatorInvite', payload: { name: 'Nina', roles: ['admin', 'superuser'], team: 'Treasury', limits: { daily: 5 }, note: '', extra: null } })).toEqual([
      { label: 'name', type: 'text', text: 'Nina' },
      { label: 'roles', type: 'roles', roles: ['admin'], previous: null },
      { label: 'other', type: 'other', name: 'team', text: 'Treasury' },
      { label: 'other', type: 'other', name: 'limits', text: '{"daily":5}' },
    ]);
  });

  it('shows an amount without a currency as a plain figure rather than dropping it', () => {
    expect(describeApproval({ kind: 'transferRelease', payload: { transactionNumber: 'T-3', amount: '10.00' } })).toEqual([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-3', link: true },
      { label: 'amount', type: 'text', text: '10.00' },
    ]);
  });

  it('has a text for every label a payload of any kind can give', () => {
    const everything = {
      accountNumber: '1', holder: 'h', amount: '1', currency: 'EUR', senderName: 's', senderAccount: 'a', purpose: 'p', paymentRegion: 'SEPA',
      valueDate: '2025-03-12', reference: 'r', address: 'x', txHash: 'y', transactionNumber: 'T', reason: 'r', perEur: '1', previous: '1',
      basisPoints: 1, name: 'n', email: 'e', roles: ['admin'], rolesBefore: ['payments'], operatorId: 'o', clientId: 'c', level: 'high',
      rates: { withHistory: { EUR: 1, USD: 1 }, withoutHistory: { EUR: 1, USD: 1 } },
    };
    const result = {
      transactionNumber: 'T', reverses: 'T', status: 'Approved', fee: '100.00', feePaid: '100.00', feeTransactionNumbers: ['T'], sessionsEnded: 1,
      standingOrdersCanceled: 1, datedTransfersCanceled: 1, accountsClosedToCredits: 2,
    };
    const facts = APPROVAL_KINDS.flatMap((kind) => [...describeApproval({ kind, payload: everything }), ...describeResult({ kind, result })]);
    // An ECB file's rates are a map, where the other kinds' perEur is one rate.
    facts.push(...describeApproval({ kind: 'ecbFile', payload: { date: '2026-11-20', perEur: { USD: '1.0841' }, inUse: { USD: '1.0823' } } }));
    const labels = new Set(facts.filter((fact) => fact.type !== 'other').map((fact) => fact.label));
    expect([...labels].filter((label) => !english.has(`approvals.fields.${label}`))).toEqual([]);
    expect(APPROVAL_KINDS.filter((kind) => !english.has(`approvals.kinds.${kind}`))).toEqual([]);
  });
});

describe('a client\'s risk level and the high-risk fee', () => {
  it('reads the level proposed beside the one now, with its reason, and the fee beside the one in force', () => {
    const clientId = '6f1c2f8e-2a55-4d0e-9a55-6a3f4b2c1d00';
    expect(describeApproval({ kind: 'clientRisk', payload: { clientId, level: 'high', previous: 'standard', reason: 'Adverse media' } })).toEqual<ApprovalFact[]>([
      { label: 'clientId', type: 'client', clientId },
      { label: 'riskLevel', type: 'status', status: 'risk.high' },
      { label: 'previousRiskLevel', type: 'status', status: 'risk.standard' },
      { label: 'riskReason', type: 'text', text: 'Adverse media' },
    ]);
    expect(describeApproval({ kind: 'highRiskFee', payload: { amount: '120.00', previous: '100.00', previousVersionId: null } })).toEqual<ApprovalFact[]>([
      { label: 'highRiskFee', type: 'money', amount: '120.00', currency: 'EUR' },
      { label: 'previousHighRiskFee', type: 'money', amount: '100.00', currency: 'EUR' },
    ]);
    expect(describeResult({ kind: 'highRiskFee', result: { versionId: '3', amount: '120.00' } })).toEqual([]);
    expect(describeResult({ kind: 'clientRisk', result: { level: 'high', changeId: '7' } })).toEqual([]);
  });
});

describe('closing a client for a policy breach', () => {
  const clientId = '6f1c2f8e-2a55-4d0e-9a55-6a3f4b2c1d00';

  it('reads the proposal as the client, linked to their card, and the reason', () => {
    expect(describeApproval({ kind: 'clientClosure', payload: { clientId, reason: 'Sanctions screening hit' } })).toEqual<ApprovalFact[]>([
      { label: 'clientId', type: 'client', clientId },
      { label: 'closureReason', type: 'text', text: 'Sanctions screening hit' },
    ]);
  });

  it('reads what the approved closure did: the fee and what of it was paid, its rows, and what ended', () => {
    const result = {
      sessionsEnded: 2,
      standingOrdersCanceled: 1,
      datedTransfersCanceled: 0,
      cardsBlocked: 1,
      fee: '100.00',
      feePaid: '60.00',
      feeTransactionNumbers: ['T-31', 'T-32'],
      accountsClosedToCredits: 3,
    };
    expect(describeResult({ kind: 'clientClosure', result })).toEqual<ApprovalFact[]>([
      { label: 'closingFee', type: 'money', amount: '100.00', currency: 'EUR' },
      { label: 'closingFeePaid', type: 'money', amount: '60.00', currency: 'EUR' },
      { label: 'closingFeeTransaction', type: 'transaction', transactionNumber: 'T-31', link: false },
      { label: 'closingFeeTransaction', type: 'transaction', transactionNumber: 'T-32', link: false },
      { label: 'sessionsEnded', type: 'text', text: '2' },
      { label: 'standingOrdersCanceled', type: 'text', text: '1' },
      { label: 'datedTransfersCanceled', type: 'text', text: '0' },
      { label: 'cardsBlocked', type: 'text', text: '1' },
      { label: 'accountsClosedToCredits', type: 'text', text: '3' },
    ]);
  });
});

describe('describeResult', () => {
  it('names the booked transaction, linked for a released transfer, and nothing before approval', () => {
    expect(describeResult({ kind: 'incomingPayment', result: { transactionNumber: 'T-9' } })).toEqual<ApprovalFact[]>([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-9', link: false },
    ]);
    expect(describeResult({ kind: 'transferRelease', result: { transactionNumber: 'T-9', status: 'Approved' } })).toEqual<ApprovalFact[]>([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-9', link: true },
      { label: 'status', type: 'status', status: 'Approved' },
    ]);
    expect(describeResult({ kind: 'rate', result: null })).toEqual([]);
  });

  it('names the transfer a reversal reverses, and leaves out what only repeats the proposal', () => {
    expect(describeResult({ kind: 'reversal', result: { transactionNumber: 'T-10', reverses: 'T-1' } })).toEqual<ApprovalFact[]>([
      { label: 'transactionNumber', type: 'transaction', transactionNumber: 'T-10', link: false },
      { label: 'reverses', type: 'transaction', transactionNumber: 'T-1', link: false },
    ]);
    expect(describeResult({ kind: 'rate', result: { currency: 'USD', perEur: '1.2' } })).toEqual([]);
    expect(describeResult({ kind: 'operatorInvite', result: { operatorId: 'op-1' } })).toEqual([]);
  });
});

describe('approvalKindsFor', () => {
  it('gives each role the kinds of its areas', () => {
    expect(approvalKindsFor(['compliance'])).toEqual(['clientRisk', 'clientClosure']);
    expect(approvalKindsFor(['payments'])).toEqual(['incomingPayment', 'cryptoDeposit', 'reversal', 'transferRelease']);
    expect(approvalKindsFor(['admin'])).toEqual([...APPROVAL_KINDS]);
  });
});

describe('approvalActions', () => {
  const maker = { id: 'maker', name: 'Maker', email: 'maker@bank.example' };
  const proposal = (status: ApprovalItem['status'], warnings: ApprovalItem['warnings'] = []) => ({ status, maker, warnings });

  it('lets the maker only withdraw, and anyone else approve or reject, while it waits', () => {
    expect(approvalActions(proposal('Pending'), 'maker')).toEqual({ isMaker: true, mayWithdraw: true, mayDecide: false, mustConfirmDuplicate: false });
    expect(approvalActions(proposal('Pending'), 'checker')).toEqual({ isMaker: false, mayWithdraw: false, mayDecide: true, mustConfirmDuplicate: false });
  });

  it('offers nothing once decided or withdrawn', () => {
    for (const status of ['Approved', 'Rejected', 'Withdrawn'] as const) {
      expect(approvalActions(proposal(status), 'checker')).toMatchObject({ mayWithdraw: false, mayDecide: false });
      expect(approvalActions(proposal(status), 'maker')).toMatchObject({ mayWithdraw: false, mayDecide: false });
    }
  });

  it('asks for the duplicate to be confirmed when the server warns of one', () => {
    expect(approvalActions(proposal('Pending', ['possibleDuplicate']), 'checker').mustConfirmDuplicate).toBe(true);
  });

  it('treats a missing session as someone other than the maker', () => {
    expect(approvalActions(proposal('Pending'), undefined)).toMatchObject({ isMaker: false, mayWithdraw: false });
  });
});
