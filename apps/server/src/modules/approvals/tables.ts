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

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends ApprovalTables {}
}
