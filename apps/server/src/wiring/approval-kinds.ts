import type { ApprovalRegistry } from '../modules/approvals';
import { clientClosureApproval } from '../modules/closures';
import { cryptoDepositApproval } from '../modules/crypto';
import { depositRatesApproval } from '../modules/deposits';
import { highRiskFeeApproval } from '../modules/fees';
import { clientRiskApproval } from '../modules/kyc';
import { ecbFileApproval, rateApproval, spreadApproval } from '../modules/rates';
import { incomingPaymentApproval, transferReleaseApproval, reversalApproval } from '../modules/transfers';
import { operatorApprovalHandlers } from '../modules/backoffice';

/**
 * Every four-eyes act of the bank and the module that owns it (docs/bank-controls.md). The approvals module
 * knows how to propose and decide; each owner knows what its act does.
 */
export const approvalRegistry: ApprovalRegistry = {
  incomingPayment: incomingPaymentApproval,
  cryptoDeposit: cryptoDepositApproval,
  reversal: reversalApproval,
  rate: rateApproval,
  spread: spreadApproval,
  ecbFile: ecbFileApproval,
  transferRelease: transferReleaseApproval,
  depositRates: depositRatesApproval,
  clientRisk: clientRiskApproval,
  highRiskFee: highRiskFeeApproval,
  clientClosure: clientClosureApproval,
  ...operatorApprovalHandlers,
};
