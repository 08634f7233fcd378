import type { ApprovalRegistry } from '../approvals/handler';
import { cryptoDepositApproval } from '../crypto/deposit-approval';
import { depositRatesApproval } from '../deposits/rate-approval';
import { rateApproval, spreadApproval } from '../rates/rate-approval';
import { incomingPaymentApproval } from '../transfers/incoming-approval';
import { transferReleaseApproval } from '../transfers/release-approval';
import { reversalApproval } from '../transfers/reversal';
import { operatorApprovalHandlers } from './operator-approvals';

/**
 * Every four-eyes act of the bank and the module that owns it (DESIGN §13). The approvals module
 * knows how to propose and decide; each owner knows what its act does.
 */
export const approvalRegistry: ApprovalRegistry = {
  incomingPayment: incomingPaymentApproval,
  cryptoDeposit: cryptoDepositApproval,
  reversal: reversalApproval,
  rate: rateApproval,
  spread: spreadApproval,
  transferRelease: transferReleaseApproval,
  depositRates: depositRatesApproval,
  ...operatorApprovalHandlers,
};
