import { decimalToMinor, formatMinor, isCryptoCurrency, isCurrency, type PaymentRegion } from '@bank/contracts';
import { BACKOFFICE_PAGE_SIZE, type Page } from '@bank/contracts/backoffice/paging';
import type { PaymentReviewItem, ReviewedTransferKind } from '@bank/contracts/backoffice/payments';
import { CRYPTO_NETWORKS } from '@bank/contracts/crypto/networks';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { type ApprovalRegistry, approveInTransaction, closeOpenProposal, pendingApprovalOf, proposeApproval, type Actor, approvalsOfTransfers, hasApprovedTransfer, recordTransferApproval } from '../approvals';
import { eachInSavepoint, type GroupCommit } from '../ledger';
import { assertNotOwnClient, clientDisplayName } from '../users';
import { AppError } from '../../lib/errors';
import { storedDetails, captureTransfer, denyLockedTransfer, lockPendingTransfer, REVIEWED_KINDS, setTransferProcessing } from '../operations';

/**
 * The payments queue of the back office: international and crypto transfers and crypto conversions
 * waiting for the bank, and the operators' decisions on them. A transfer needs the approvals of two
 * different operators (maker-checker) when it was worth more than MAKER_CHECKER_THRESHOLD_EUR, or
 * took its client's transfers out of the bank that day past DAILY_ABROAD_LIMIT_EUR: the first
 * takes it to Processing, the second books it. Its EUR value and the approvals it needs were fixed
 * when it was made (limits.ts) and are read from its row, never from today's rates. Every decision
 * locks the transfer first, so of two operators acting at once one decides and the other sees the
 * new state.
 */
const PENDING = ['New', 'Processing'] as const;

function reviewQuery(db: Db) {
  return db
    .selectFrom('operations as t')
    .leftJoin('accounts as a', (join) => join.on('a.id', '=', sql<string>`(t.details ->> 'fromAccountId')::uuid`))
    .leftJoin('wallets as w', (join) => join.on('w.id', '=', sql<string>`(t.details ->> 'fromWalletId')::uuid`))
    .innerJoin('ledger_accounts as l', (join) => join.on((eb) => eb('l.id', '=', eb.fn.coalesce('a.ledger_account_id', 'w.ledger_account_id'))))
    .innerJoin('clients as c', 'c.id', 't.client_id')
    .select([
      't.id',
      't.kind',
      't.number',
      't.status',
      't.created_at',
      't.amount',
      't.fee',
      't.currency',
      't.counterparty',
      't.details',
      (eb) => eb.fn.coalesce('a.number', 'w.address').as('from_account'),
      'l.available',
      'c.id as client_id',
      'c.client_number',
      'c.email',
      'c.first_name',
      'c.last_name',
      'c.company_name',
    ])
    .where('t.kind', 'in', [...REVIEWED_KINDS]);
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;


async function approvalsOf(db: Db, transactionNumbers: string[]): Promise<Map<string, PaymentReviewItem['approvals']>> {
  const approvals = await approvalsOfTransfers(db, transactionNumbers);
  return new Map(
    [...approvals].map(([number, list]) => [number, list.map((approval) => ({ operatorId: approval.operatorId, operatorName: approval.operatorName, at: approval.at.toISOString() }))]),
  );
}

function toItem(row: ReviewRow, approvals: PaymentReviewItem['approvals']): PaymentReviewItem {
  if (!isCurrency(row.currency)) throw new Error(`Transfer ${row.number} has unknown currency ${row.currency}`);
  const details = storedDetails(row.details);
  const { thresholds } = details;
  // Migration 0072 gave every reviewed transfer its thresholds, and every new one is made with them.
  if (!thresholds) throw new Error(`Transfer ${row.number} holds no thresholds`);
  const currency = row.currency;
  const amountMinor = decimalToMinor(row.amount, currency);
  const feeMinor = decimalToMinor(row.fee, currency);
  const kind = row.kind as ReviewedTransferKind;
  const counterCurrency = details.counterCurrency && isCurrency(details.counterCurrency) ? details.counterCurrency : null;
  return {
    transactionNumber: row.number,
    type: kind,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    client: { clientId: row.client_id, clientNumber: row.client_number, name: clientDisplayName(row), email: row.email },
    fromAccount: row.from_account ?? '',
    amount: formatMinor(amountMinor, currency),
    fee: formatMinor(feeMinor, currency),
    total: formatMinor(amountMinor + feeMinor, currency),
    currency,
    amountEur: formatMinor(decimalToMinor(thresholds.amountEur, 'EUR'), 'EUR'),
    paymentRegion: (details.paymentRegion as PaymentRegion | undefined) ?? null,
    recipient: row.counterparty,
    network: kind === 'crypto' && isCryptoCurrency(currency) ? CRYPTO_NETWORKS[currency].label : null,
    counterAmount: details.counterAmount && counterCurrency ? formatMinor(decimalToMinor(details.counterAmount, counterCurrency), counterCurrency) : null,
    counterCurrency,
    rate: details.rate ?? null,
    recipientDetails: (details.recipientDetails ?? null) as PaymentReviewItem['recipientDetails'],
    purpose: details.purpose ?? null,
    reference: details.paymentReference ?? null,
    availableBalance: formatMinor(decimalToMinor(row.available, currency), currency),
    requiredApprovals: thresholds.approvalsRequired,
    approvalReason: thresholds.approvalReason,
    approvals,
  };
}

/** GET /api/backoffice/transactions: pending international and crypto transfers and conversions, oldest waiting first. */
export async function listPaymentsQueue(db: Db, filter: { status?: 'New' | 'Processing'; type?: ReviewedTransferKind; page: number }): Promise<Page<PaymentReviewItem>> {
  const statuses = filter.status ? [filter.status] : [...PENDING];
  const kinds = filter.type ? [filter.type] : [...REVIEWED_KINDS];
  const [rows, count] = await Promise.all([
    reviewQuery(db)
      .where('t.status', 'in', statuses)
      .where('t.kind', 'in', kinds)
      .orderBy('t.created_at', 'asc')
      .orderBy('t.id')
      .limit(BACKOFFICE_PAGE_SIZE)
      .offset((filter.page - 1) * BACKOFFICE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('operations')
      .select((select) => select.fn.countAll<string>().as('total'))
      .where('kind', 'in', kinds)
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow(),
  ]);
  const approvals = await approvalsOf(db, rows.map((row) => row.number));
  return { items: rows.map((row) => toItem(row, approvals.get(row.number) ?? [])), page: filter.page, pageSize: BACKOFFICE_PAGE_SIZE, total: Number(count.total) };
}

/** One reviewed transfer by number, whatever its state. */
export async function getPaymentReview(db: Db, transactionNumber: string): Promise<PaymentReviewItem> {
  const row = await reviewQuery(db).where('t.number', '=', transactionNumber).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  const approvals = await approvalsOf(db, [row.number]);
  return toItem(row, approvals.get(row.number) ?? []);
}

export async function countPendingPayments(db: Db): Promise<{ New: number; Processing: number }> {
  const rows = await db
    .selectFrom('operations')
    .select(['status', (select) => select.fn.countAll<string>().as('total')])
    .where('kind', 'in', [...REVIEWED_KINDS])
    .where('status', 'in', [...PENDING])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.total ?? 0);
  return { New: count('New'), Processing: count('Processing') };
}

async function transferIdOf(db: Db, transactionNumber: string): Promise<string> {
  const row = await db.selectFrom('operations').select('id').where('number', '=', transactionNumber).where('kind', 'in', [...REVIEWED_KINDS]).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row.id;
}

/**
 * An operator's decision on a pending transfer, written like every money write: a job of the group
 * commit, in its own savepoint, never in two flushes at once for one transfer.
 */
async function writeDecision(money: GroupCommit, transferId: string, decide: (trx: Db) => Promise<void>): Promise<void> {
  await money.submit({
    kind: eachInSavepoint,
    resources: [`transfer:${transferId}`],
    item: async (trx) => {
      await decide(trx);
      return { status: 200, body: null };
    },
  });
}

/**
 * An operator approves. A transfer that needs one approval is booked by it. One that needs two (as
 * fixed when it was made) moves to Processing on the first approval, which proposes its release
 * (a four-eyes act of the approvals mechanism); the second approval, here or in the approvals
 * queue, is that proposal's approval by another payments operator, which books it. The first
 * approver approving again is a 409 and changes nothing. Nobody decides a transfer of a client
 * registered with their own e-mail.
 */
export async function approvePayment(
  deps: AppDeps,
  money: GroupCommit,
  registry: ApprovalRegistry,
  transactionNumber: string,
  operator: Actor,
): Promise<PaymentReviewItem> {
  const { db } = deps;
  const transferId = await transferIdOf(db, transactionNumber);
  await writeDecision(money, transferId, async (trx) => {
    const transfer = await lockPendingTransfer(trx, transferId);
    await assertNotOwnClient(trx, operator.id, transfer.clientId);
    const alreadyApproved = () =>
      new AppError('CONFLICT', {
        message: 'You have already approved this transfer: the second approval must come from another operator',
        details: { status: transfer.status, reason: 'alreadyApproved' },
      });
    if (transfer.status === 'Processing') {
      const release = await pendingApprovalOf(trx, 'transferRelease', transactionNumber);
      if (release) {
        if (release.makerId === operator.id) throw alreadyApproved();
        await approveInTransaction(trx, deps, registry, release.id, operator, { confirmDuplicate: false });
        return;
      }
      // The release was rejected or withdrawn in the approvals queue: the transfer still waits, and a
      // new approval by an operator who has not approved it yet proposes its release again.
      if (await hasApprovedTransfer(trx, transactionNumber, operator.id)) throw alreadyApproved();
    }
    await recordTransferApproval(trx, transactionNumber, operator.id);
    const required = transfer.approvalsRequired;
    if (required === 1) {
      await captureTransfer(trx, transfer, operator.id, { approvals: 1, required });
      return;
    }
    if (transfer.status === 'New') await setTransferProcessing(trx, transfer, operator.id, { approvals: 1, required });
    await proposeApproval(trx, registry, {
      kind: 'transferRelease',
      payload: { transactionNumber },
      maker: operator,
      reason: 'Second approval',
      subjectType: 'transfer',
      subjectId: transactionNumber,
    });
  });
  return getPaymentReview(db, transactionNumber);
}

/** An operator denies: the hold is released in full, and a release waiting for a second approval is closed with it. */
export async function denyPayment(db: Db, money: GroupCommit, transactionNumber: string, operator: Actor, reason: string): Promise<PaymentReviewItem> {
  const transferId = await transferIdOf(db, transactionNumber);
  await writeDecision(money, transferId, async (trx) => {
    const transfer = await lockPendingTransfer(trx, transferId);
    await assertNotOwnClient(trx, operator.id, transfer.clientId);
    await denyLockedTransfer(trx, transfer, operator.id, reason);
    await closeOpenProposal(trx, 'transferRelease', transactionNumber, operator, reason);
  });
  return getPaymentReview(db, transactionNumber);
}
