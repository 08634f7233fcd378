import { APPROVAL_AREAS, APPROVAL_KINDS, type ApprovalItem, type ApprovalKind } from '@bank/contracts/backoffice/approvals';
import { DEPOSIT_RATE_CELLS } from '@bank/contracts/backoffice/deposits';
import { mayUse, OPERATOR_ROLES, type OperatorRole } from '@bank/contracts/backoffice/roles';
import { CURRENCIES } from '@bank/contracts/money';
import { HIGH_RISK_CLIENT_FEE, POLICY_BREACH_CLOSING_FEE } from '@bank/contracts/tariffs';

/**
 * What a proposal will do, as facts a checker reads: each a label (a key under `approvals.fields`
 * of the back office's texts) and a value of a known form, which the screen formats in the reader's
 * language. Whatever a payload holds beyond its kind's known fields is listed too, by its own name,
 * so that nothing a checker approves is hidden from them.
 */
export type ApprovalFact =
  | { label: string; type: 'text'; text: string }
  /** Long unbroken strings (an address, a hash): shown in a monospaced face, wrapped anywhere. */
  | { label: string; type: 'code'; text: string }
  | { label: string; type: 'account'; number: string }
  | { label: string; type: 'money'; amount: string; currency: string }
  /** A transfer; `link` when the payments screen shows it (a transfer waiting for its release). */
  | { label: string; type: 'transaction'; transactionNumber: string; link: boolean }
  /** Old → new; `from` is null when the payload does not say what it was. A deposit rate (`percent`) is in basis points. */
  | { label: string; type: 'change'; from: string | null; to: string; unit: 'rate' | 'basisPoints' | 'percent' }
  | { label: string; type: 'roles'; roles: OperatorRole[]; previous: OperatorRole[] | null }
  | { label: string; type: 'operator'; name: string; email: string }
  /** A client, linked to their card. */
  | { label: string; type: 'client'; clientId: string }
  | { label: string; type: 'status'; status: string }
  /** A field this screen does not know, under its own name. */
  | { label: string; type: 'other'; name: string; text: string }
  /** A rate of an ECB file against the rate in use it would replace, per 1 EUR (ecbRateDifferences). */
  | ({ label: 'ecbRate'; type: 'rateDifference' } & EcbRateDifference);

/** One currency of an ECB file: the rate in use, the file's, and the change in basis points (null when there is no rate in use to measure it from). */
export interface EcbRateDifference {
  currency: string;
  inUse: string | null;
  inFile: string;
  changeBasisPoints: number | null;
}

/** A rate per 1 EUR as an integer of 10^-12 (rates have at most 12 decimals), or null when it is not one. */
function rateUnits(text: string | null): bigint | null {
  const match = text === null ? null : /^(\d+)(?:\.(\d{1,12}))?$/.exec(text);
  return match ? BigInt(match[1]! + (match[2] ?? '').padEnd(12, '0')) : null;
}

/**
 * How an ECB file uploaded by hand differs from the rates in use: per currency, in the order of the
 * bank's currencies, the rate in use, the file's and the change from the one to the other in basis
 * points (hundredths of a percent), rounded half away from zero and computed exactly, never in
 * floating point. Payload values that are not rates are left out.
 */
export function ecbRateDifferences(perEur: unknown, inUse: unknown): EcbRateDifference[] {
  const file = perEur && typeof perEur === 'object' ? (perEur as Record<string, unknown>) : {};
  const used = inUse && typeof inUse === 'object' ? (inUse as Record<string, unknown>) : {};
  return CURRENCIES.flatMap((currency) => {
    const inFile = textOf(file[currency]);
    const fileUnits = rateUnits(inFile);
    if (inFile === null || fileUnits === null) return [];
    const current = textOf(used[currency]);
    const currentUnits = rateUnits(current);
    let changeBasisPoints: number | null = null;
    if (currentUnits !== null && currentUnits > 0n) {
      const difference = (fileUnits - currentUnits) * 10_000n;
      const magnitude = difference < 0n ? -difference : difference;
      const rounded = (magnitude * 2n + currentUnits) / (2n * currentUnits);
      changeBasisPoints = Number(difference < 0n ? -rounded : rounded);
    }
    return [{ currency, inUse: current, inFile, changeBasisPoints }];
  });
}

type Payload = Readonly<Record<string, unknown>>;

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The rate of one cell of a deposit rate table (basis points), when the table has it. */
function tableCellOf(table: unknown, tier: string, currency: string): string | null {
  const row = table && typeof table === 'object' ? (table as Record<string, unknown>)[tier] : undefined;
  return row && typeof row === 'object' ? textOf((row as Record<string, unknown>)[currency]) : null;
}

function rolesOf(value: unknown): OperatorRole[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((role): role is OperatorRole => (OPERATOR_ROLES as readonly unknown[]).includes(role));
}

/** Reads a payload's fields and remembers which were read, to list the others after. */
class PayloadReader {
  readonly facts: ApprovalFact[] = [];
  private readonly read = new Set<string>();
  constructor(private readonly payload: Payload) {}

  value(name: string): unknown {
    this.read.add(name);
    return this.payload[name];
  }

  text(name: string): string | null {
    return textOf(this.value(name));
  }

  add(fact: ApprovalFact | null): void {
    if (fact) this.facts.push(fact);
  }

  /** A text field, when the payload has it. */
  addText(name: string, type: 'text' | 'code' = 'text'): void {
    const text = this.text(name);
    if (text !== null) this.add({ label: name, type, text });
  }

  addMoney(amountName = 'amount', currencyName = 'currency'): void {
    const amount = this.text(amountName);
    const currency = this.text(currencyName);
    if (amount !== null && currency !== null) this.add({ label: amountName, type: 'money', amount, currency });
    else {
      if (amount !== null) this.add({ label: amountName, type: 'text', text: amount });
      if (currency !== null) this.add({ label: currencyName, type: 'text', text: currency });
    }
  }

  addTransaction(link: boolean): void {
    const transactionNumber = this.text('transactionNumber');
    if (transactionNumber !== null) this.add({ label: 'transactionNumber', type: 'transaction', transactionNumber, link });
  }

  addClient(): void {
    const clientId = this.text('clientId');
    if (clientId !== null) this.add({ label: 'clientId', type: 'client', clientId });
  }

  addOperator(): void {
    this.value('operatorId');
    const name = this.text('name');
    const email = this.text('email');
    if (name !== null || email !== null) this.add({ label: 'operator', type: 'operator', name: name ?? '', email: email ?? '' });
  }

  /** The fields no kind's reading took, in the payload's order. */
  rest(): ApprovalFact[] {
    return Object.entries(this.payload)
      .filter(([name, value]) => !this.read.has(name) && value !== null && value !== undefined && value !== '')
      .map(([name, value]) => ({ label: 'other', type: 'other' as const, name, text: typeof value === 'object' ? JSON.stringify(value) : String(value) }));
  }
}

/**
 * How each kind's payload reads, by the names the server gives its fields: the proposing request's
 * (an incoming payment, a crypto deposit, a reversal), or the change with what it replaces (a rate
 * with the one in use and the ECB's, a spread, an operator's roles).
 */
const READERS: Record<ApprovalKind, (reader: PayloadReader) => void> = {
  incomingPayment(reader) {
    const number = reader.text('accountNumber');
    if (number !== null) reader.add({ label: 'accountNumber', type: 'account', number });
    reader.addText('holder');
    reader.addMoney();
    // The fee and the credit as the maker saw them, when the proposal carries them.
    if (reader.text('fee') !== null) reader.addMoney('fee');
    if (reader.text('credited') !== null) reader.addMoney('credited');
    // Handled by hand: the client pays the investigation fee when it is booked.
    if (reader.text('investigationFee') !== null) reader.addMoney('investigationFee');
    reader.addText('senderName');
    reader.addText('senderAccount');
    reader.addText('purpose');
    reader.addText('paymentRegion');
    reader.addText('valueDate');
    reader.addText('reference');
  },
  cryptoDeposit(reader) {
    reader.addText('address', 'code');
    reader.addText('holder');
    reader.addMoney();
    reader.addText('txHash', 'code');
  },
  reversal(reader) {
    reader.addTransaction(false);
    reader.addMoney();
    reader.addText('reason');
  },
  rate(reader) {
    const currency = reader.text('currency');
    if (currency !== null) reader.add({ label: 'pair', type: 'text', text: `EUR/${currency}` });
    const to = reader.text('perEur');
    if (to !== null) reader.add({ label: 'rate', type: 'change', from: reader.text('previous'), to, unit: 'rate' });
    const reference = reader.text('reference');
    if (reference !== null) reader.add({ label: 'ecbReference', type: 'text', text: reference });
  },
  spread(reader) {
    const to = reader.text('basisPoints');
    if (to !== null) reader.add({ label: 'spread', type: 'change', from: reader.text('previous'), to, unit: 'basisPoints' });
  },
  operatorInvite(reader) {
    reader.addText('name');
    reader.addText('email');
    const roles = rolesOf(reader.value('roles'));
    if (roles) reader.add({ label: 'roles', type: 'roles', roles, previous: null });
  },
  operatorRoles(reader) {
    reader.addOperator();
    const roles = rolesOf(reader.value('roles'));
    if (roles) reader.add({ label: 'roles', type: 'roles', roles, previous: rolesOf(reader.value('rolesBefore')) });
  },
  operatorReactivate(reader) {
    reader.addOperator();
  },
  operatorResetAuthenticator(reader) {
    reader.addOperator();
  },
  transferRelease(reader) {
    reader.addTransaction(true);
    reader.addMoney();
  },
  depositRates(reader) {
    // Every cell of the table, as it is in force and as proposed: the checker compares the whole.
    const rates = reader.value('rates');
    const previous = reader.value('previous');
    reader.value('previousVersionId');
    for (const { tier, currency } of DEPOSIT_RATE_CELLS) {
      const to = tableCellOf(rates, tier, currency);
      if (to !== null) reader.add({ label: `depositRates.${tier}.${currency}`, type: 'change', from: tableCellOf(previous, tier, currency), to, unit: 'percent' });
    }
  },
  ecbFile(reader) {
    // The file's day, then each of its rates against the rate in use it would replace.
    const date = reader.text('date');
    if (date !== null) reader.add({ label: 'ecbDate', type: 'text', text: date });
    for (const difference of ecbRateDifferences(reader.value('perEur'), reader.value('inUse'))) reader.add({ label: 'ecbRate', type: 'rateDifference', ...difference });
  },
  clientRisk(reader) {
    reader.addClient();
    const level = reader.text('level');
    if (level !== null) reader.add({ label: 'riskLevel', type: 'status', status: `risk.${level}` });
    const previous = reader.text('previous');
    if (previous !== null) reader.add({ label: 'previousRiskLevel', type: 'status', status: `risk.${previous}` });
    const reason = reader.text('reason');
    if (reason !== null) reader.add({ label: 'riskReason', type: 'text', text: reason });
  },
  clientClosure(reader) {
    // The client and the compliance reason; what closing does (sessions, fee, no new money) is the kind's own.
    reader.addClient();
    const reason = reader.text('reason');
    if (reason !== null) reader.add({ label: 'closureReason', type: 'text', text: reason });
  },
  highRiskFee(reader) {
    // A monthly amount in the tariff's currency for it.
    const { currency } = HIGH_RISK_CLIENT_FEE;
    const amount = reader.text('amount');
    if (amount !== null) reader.add({ label: 'highRiskFee', type: 'money', amount, currency });
    const previous = reader.text('previous');
    if (previous !== null) reader.add({ label: 'previousHighRiskFee', type: 'money', amount: previous, currency });
    reader.value('previousVersionId');
  },
};

/** What a proposal of this kind will do, in the order a checker reads it. */
export function describeApproval(approval: Pick<ApprovalItem, 'kind' | 'payload'>): ApprovalFact[] {
  const reader = new PayloadReader(approval.payload);
  READERS[approval.kind](reader);
  return [...reader.facts, ...reader.rest()];
}

/**
 * What applying an approved proposal produced: the transaction it booked (and the one it reverses),
 * the transfer's new status, and anything else it says. What only repeats the proposal (the rate or
 * spread set) or names an operator or a rate table's version by id is left out.
 */
export function describeResult(approval: Pick<ApprovalItem, 'kind' | 'result'>): ApprovalFact[] {
  if (!approval.result) return [];
  const reader = new PayloadReader(approval.result);
  reader.addTransaction(approval.kind === 'transferRelease');
  const reverses = reader.text('reverses');
  if (reverses !== null) reader.add({ label: 'reverses', type: 'transaction', transactionNumber: reverses, link: false });
  const status = reader.text('status');
  if (status !== null) reader.add({ label: 'status', type: 'status', status });
  for (const repeated of ['operatorId', 'currency', 'perEur', 'basisPoints', 'versionId', 'changeId']) reader.value(repeated);
  // A risk level or a fee set repeats the proposal.
  if (approval.kind === 'clientRisk') reader.value('level');
  if (approval.kind === 'highRiskFee') reader.value('amount');
  // An ECB file's day and currencies repeat the proposal.
  if (approval.kind === 'ecbFile') for (const repeated of ['date', 'currencies']) reader.value(repeated);
  if (approval.kind === 'clientClosure') readClosureResult(reader);
  return [...reader.facts, ...reader.rest()];
}

/**
 * What closing a client did once approved: the closing fee and what of it the accounts paid (in its
 * own statement rows), the sessions ended, the plans canceled and the accounts closed to new money.
 */
function readClosureResult(reader: PayloadReader): void {
  const { currency } = POLICY_BREACH_CLOSING_FEE;
  const fee = reader.text('fee');
  if (fee !== null) reader.add({ label: 'closingFee', type: 'money', amount: fee, currency });
  const paid = reader.text('feePaid');
  if (paid !== null) reader.add({ label: 'closingFeePaid', type: 'money', amount: paid, currency });
  const rows = reader.value('feeTransactionNumbers');
  for (const number of Array.isArray(rows) ? rows : []) {
    const transactionNumber = textOf(number);
    if (transactionNumber !== null) reader.add({ label: 'closingFeeTransaction', type: 'transaction', transactionNumber, link: false });
  }
  for (const count of ['sessionsEnded', 'standingOrdersCanceled', 'datedTransfersCanceled', 'cardsBlocked', 'accountsClosedToCredits']) reader.addText(count);
}

/** The kinds of proposals an operator with these roles may see, make and check. */
export function approvalKindsFor(roles: readonly OperatorRole[]): ApprovalKind[] {
  return APPROVAL_KINDS.filter((kind) => mayUse(roles, APPROVAL_AREAS[kind]));
}

/**
 * What the operator looking at a proposal may do with it: its maker may only withdraw it while it
 * waits; anyone else it is shown to (the server shows only the kinds their roles open) may approve
 * or reject it, and must first confirm a possible duplicate.
 */
export function approvalActions(approval: Pick<ApprovalItem, 'status' | 'maker' | 'warnings'>, operatorId: string | undefined) {
  const pending = approval.status === 'Pending';
  const isMaker = approval.maker.id === operatorId;
  return {
    isMaker,
    mayWithdraw: pending && isMaker,
    mayDecide: pending && !isMaker,
    mustConfirmDuplicate: approval.warnings.includes('possibleDuplicate'),
  };
}
