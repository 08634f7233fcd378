// Contracts are imported by file so this chunk carries only the closure's types, not every schema.
import type { ClosureCryptoPayoutPayload, ClosurePayoutRequest, ClosureStatus } from '@bank/contracts/closure/closure';
import { apiRequest } from '../../lib/api';
import { submitWithKey, type KeyedSubmission, type SubmissionKeys } from '../../lib/submitTransaction';

/** GET /api/closure: since when the bank has closed the client, the closing fee, and where each account stands. */
export function fetchClosure(token: string | null, signal?: AbortSignal): Promise<ClosureStatus> {
  return apiRequest<ClosureStatus>('GET', 'closure', { token, signal });
}

/**
 * POST /api/closure/payout with the form's key: a resent request whose answer was lost pays out
 * once, not twice. The bank answers the closure's new status, with the payouts it made.
 */
export function requestPayout(token: string | null, payout: ClosurePayoutRequest, keys: SubmissionKeys): Promise<KeyedSubmission<ClosureStatus>> {
  return submitWithKey<ClosureStatus>('closure/payout', payout, token, keys);
}

/** POST /api/closure/crypto-payout with the form's key: what one wallet holds, less the network fee, to the address named. */
export function requestCryptoPayout(token: string | null, payout: ClosureCryptoPayoutPayload, keys: SubmissionKeys): Promise<KeyedSubmission<ClosureStatus>> {
  return submitWithKey<ClosureStatus>('closure/crypto-payout', payout, token, keys);
}
