import type { ApprovalKind, ApprovalWarning } from '@bank/contracts/backoffice/approvals';
import type { z } from 'zod';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';

/** What an act is told when its proposal is approved. */
export interface ApprovalContext {
  approvalId: string;
  makerId: string;
  checkerId: string;
  deps: AppDeps;
}

/** What a checker must see about a proposal before approving it (looked at again when approving). */
export interface ApprovalInspection {
  warnings: ApprovalWarning[];
  /** For a possible duplicate: the transaction numbers it may repeat. */
  duplicateOf: string[];
}

/**
 * One kind of four-eyes act: how its payload reads, how it is shown, and what approving it does.
 * The mechanism (service.ts) has already checked, in the approving transaction, that the proposal is
 * pending and that the checker is another operator whose roles open the kind's area.
 */
export interface ApprovalHandler<Payload = unknown> {
  payloadSchema: z.ZodType<Payload>;
  /** One line for the queue: figures and names, in no language. */
  summary(payload: Payload): string;
  /** The client the act credits or touches: an operator registered as that client may neither propose nor approve it. */
  clientIdOf?(db: Db, payload: Payload): Promise<string | null>;
  inspect?(db: Db, payload: Payload): Promise<ApprovalInspection>;
  /**
   * Acts that would repeat each other (the same payment proposed twice) share a key: approving
   * holds it to the commit before inspecting, so the second approval sees the first one's booking.
   */
  lockKey?(payload: Payload): string;
  /** Applies the act inside the approving transaction; answers what it produced (kept with the approval). */
  apply(trx: Db, payload: Payload, context: ApprovalContext): Promise<Record<string, unknown>>;
}

/** Every kind's handler; the back office composes it from the modules that own each act. */
export type ApprovalRegistry = { readonly [Kind in ApprovalKind]: ApprovalHandler<any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export const NO_WARNINGS: ApprovalInspection = { warnings: [], duplicateOf: [] };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every four-eyes act the bank knows, decorated by the composition root (wiring/approval-kinds.ts). */
    approvalKinds: ApprovalRegistry;
  }
}
