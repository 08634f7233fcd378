import type { ColumnType, Generated } from 'kysely';
import type { ApprovalKind, ApprovalStatus } from '@bank/contracts/backoffice/approvals';

/** Proposals of four-eyes acts (migration 0070). */
export interface ApprovalTables {
  approvals: {
    id: Generated<string>;
    kind: ApprovalKind;
    status: Generated<ApprovalStatus>;
    payload: ColumnType<unknown, string, string>;
    summary: string;
    reason: string;
    maker_id: string;
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
