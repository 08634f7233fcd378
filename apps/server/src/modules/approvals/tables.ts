import type { ColumnType, Generated } from 'kysely';
import type { ApprovalKind, ApprovalStatus } from '@bank/contracts/backoffice/approvals';

/**
 * An operator's approval of a client's transfer waiting for the bank (migration 0093): decided when
 * given, its checker the operator. It is not a proposal: no operator made it, and the approvals
 * queue never lists it (its kind is none of APPROVAL_KINDS).
 */
export const TRANSFER_APPROVAL = 'transferApproval';

/** Proposals of four-eyes acts (migration 0070), and operators' approvals of transfers (migration 0093). */
export interface ApprovalTables {
  approvals: {
    id: Generated<string>;
    kind: ApprovalKind | typeof TRANSFER_APPROVAL;
    status: Generated<ApprovalStatus>;
    payload: ColumnType<unknown, string, string>;
    summary: string;
    reason: string;
    /** The operator who proposed it; none on a transfer's approval. */
    maker_id: string | null;
    subject_type: string | null;
    subject_id: string | null;
    warnings: Generated<string[]>;
    duplicate_of: Generated<string[]>;
    created_at: Generated<Date>;
    checker_id: string | null;
    decided_at: Date | null;
    decision_reason: string | null;
    result: ColumnType<unknown, string | null, string | null>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends ApprovalTables {}
}
