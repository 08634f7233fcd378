import { BACKOFFICE_PAGE_SIZE, type Page } from '@bank/contracts/backoffice/paging';
import type { KycReviewItem } from '@bank/contracts/backoffice/kyc-review';
import type { KycStatus } from '@bank/contracts/kyc/kyc-status';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { toKycRecord } from './records';

/** The back office's view of KYC submissions: the queue and one submission with its client. */
function reviewQuery(db: Db) {
  return db
    .selectFrom('kyc_records')
    .innerJoin('clients', 'clients.id', 'kyc_records.client_id')
    .selectAll('kyc_records')
    .select(['clients.client_number', 'clients.email', 'clients.phone']);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

function toReviewItem(row: ReviewRow): KycReviewItem {
  return {
    ...toKycRecord(row),
    version: row.version,
    client: { clientId: row.client_id, clientNumber: row.client_number, email: row.email, phone: row.phone },
  };
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
  return { items: rows.map(toReviewItem), page, pageSize: BACKOFFICE_PAGE_SIZE, total: Number(count.total) };
}

export async function getKycReview(db: Db, kycId: string): Promise<KycReviewItem> {
  const row = await reviewQuery(db).where('kyc_records.id', '=', kycId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toReviewItem(row);
}

export async function countKycInReview(db: Db): Promise<number> {
  const row = await db.selectFrom('kyc_records').select((select) => select.fn.countAll<string>().as('total')).where('status', '=', 'New').executeTakeFirstOrThrow();
  return Number(row.total);
}
