import type { KycEnhancedReviewGround } from '@bank/contracts/backoffice/kyc-review';

/**
 * Enhanced due diligence (docs/bank-controls.md#high-risk-clients), as pure decisions: which
 * submissions need two decisions, and what an operator's decision does to one that does.
 *
 * A submission declaring a politically exposed person, or of a client compliance holds high-risk,
 * is decided only by two agreeing decisions of different operators. The first is recorded and the
 * submission stays in review; a second that agrees decides it. A second that disagrees is recorded
 * too and the submission stays in review: a third operator's decision then agrees with one of the
 * two and decides it. Neither side wins by default: a rejection that nobody else supports does not
 * turn the client away, nor does an approval alone identify them. An operator decides a submission
 * once: the same decision again on the same version is a repeated click and changes nothing, any
 * other is refused.
 */

export const DECISIONS_NEEDED_WITH_ENHANCED_REVIEW = 2;

/** Why a submission needs two decisions; none means one decides it. */
export function enhancedReviewGrounds(submission: { pep: boolean }, clientHighRisk: boolean): KycEnhancedReviewGround[] {
  const grounds: KycEnhancedReviewGround[] = [];
  if (submission.pep) grounds.push('pep');
  if (clientHighRisk) grounds.push('highRisk');
  return grounds;
}

export type KycVerdict = 'Approved' | 'Rejected';

export interface RecordedDecision {
  operatorId: string;
  status: KycVerdict;
  version: number;
}

/**
 * What an operator's decision does to a submission that needs two:
 * - `repeat`: the operator made this very decision already; nothing changes;
 * - `sameOperator`: the operator decided otherwise already; refused;
 * - `record`: recorded, and the submission stays in review for another operator;
 * - `decide`: it makes two agreeing decisions; the submission is decided.
 */
export type EnhancedReviewStep = 'repeat' | 'sameOperator' | 'record' | 'decide';

export function enhancedReviewStep(recorded: readonly RecordedDecision[], decision: { operatorId: string; status: KycVerdict; version: number }): EnhancedReviewStep {
  const own = recorded.find((earlier) => earlier.operatorId === decision.operatorId);
  if (own) return own.status === decision.status && own.version === decision.version ? 'repeat' : 'sameOperator';
  const agreeing = recorded.filter((earlier) => earlier.status === decision.status).length + 1;
  return agreeing >= DECISIONS_NEEDED_WITH_ENHANCED_REVIEW ? 'decide' : 'record';
}
