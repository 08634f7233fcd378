import { BACKOFFICE_PAGE_SIZE, type Page } from '@bank/contracts/backoffice/paging';
import type { KycEnhancedReview, KycReviewItem } from '@bank/contracts/backoffice/kyc-review';
import type { KycStatus } from '@bank/contracts/kyc/kyc-status';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { DECISIONS_NEEDED_WITH_ENHANCED_REVIEW, enhancedReviewGrounds } from './enhanced-review';
import { toKycRecord } from './records';
import { highRiskAmong } from './risk';

/** The back office's view of KYC submissions: the queue and one submission with its client. */
function reviewQuery(db: Db) {
  return db
    .selectFrom('kyc_records')
    .innerJoin('clients', 'clients.id', 'kyc_records.client_id')
    .selectAll('kyc_records')
    .select(['clients.client_number', 'clients.email', 'clients.phone']);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

function toReviewItem(row: ReviewRow, enhancedReview: KycEnhancedReview): KycReviewItem {
  return {
    ...toKycRecord(row),
    version: row.version,
    client: { clientId: row.client_id, clientNumber: row.client_number, email: row.email, phone: row.phone },
    enhancedReview,
  };
}

/**
 * Each submission's enhanced due diligence (enhanced-review.ts): why it needs two decisions, if it
 * does, and the decisions recorded on it, oldest first, with who made them. The client's risk level
 * is the one now, as a decision made now would read it.
 */
async function withEnhancedReviews(db: Db, rows: readonly ReviewRow[]): Promise<KycReviewItem[]> {
  if (rows.length === 0) return [];
  const [highRisk, decisions] = await Promise.all([
    highRiskAmong(db, [...new Set(rows.map((row) => row.client_id))]),
    db
      .selectFrom('kyc_decisions as decision')
      .innerJoin('operators as operator', 'operator.id', 'decision.operator_id')
      .select(['decision.kyc_id', 'decision.status', 'decision.reason', 'decision.version', 'decision.decided_at', 'operator.id as operator_id', 'operator.full_name', 'operator.email'])
      .where('decision.kyc_id', 'in', rows.map((row) => row.id))
      .orderBy('decision.id')
      .execute(),
  ]);
  return rows.map((row) => {
    const grounds = enhancedReviewGrounds(row, highRisk.has(row.client_id));
    const recorded = decisions
      .filter((decision) => decision.kyc_id === row.id)
      .map((decision) => ({
        operator: { id: decision.operator_id, name: decision.full_name, email: decision.email },
        status: decision.status,
        reason: decision.reason,
        version: decision.version,
        decidedAt: decision.decided_at.toISOString(),
      }));
    return toReviewItem(row, { grounds, decisionsNeeded: grounds.length > 0 ? DECISIONS_NEEDED_WITH_ENHANCED_REVIEW : 1, decisions: recorded });
  });
}

/** Submissions in one status, newest first. */
export async function listKycQueue(db: Db, status: KycStatus, page: number): Promise<Page<KycReviewItem>> {
  const [rows, count] = await Promise.all([
    reviewQuery(db)
      .where('kyc_records.status', '=', status)
      .orderBy('kyc_records.created_at', 'desc')
      .orderBy('kyc_records.id', 'desc')
      .limit(BACKOFFICE_PAGE_SIZE)
      .offset((page - 1) * BACKOFFICE_PAGE_SIZE)
      .execute(),
    db.selectFrom('kyc_records').select((select) => select.fn.countAll<string>().as('total')).where('status', '=', status).executeTakeFirstOrThrow(),
  ]);
  return { items: await withEnhancedReviews(db, rows), page, pageSize: BACKOFFICE_PAGE_SIZE, total: Number(count.total) };
}

export async function getKycReview(db: Db, kycId: string): Promise<KycReviewItem> {
  const row = await reviewQuery(db).where('kyc_records.id', '=', kycId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  const [item] = await withEnhancedReviews(db, [row]);
  return item!;
}

export async function countKycInReview(db: Db): Promise<number> {
  const row = await db.selectFrom('kyc_records').select((select) => select.fn.countAll<string>().as('total')).where('status', '=', 'New').executeTakeFirstOrThrow();
  return Number(row.total);
}
