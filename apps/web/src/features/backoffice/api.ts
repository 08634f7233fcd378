import { ERROR_CODES } from '@bank/contracts/errors';
import { ApiError, apiRequest, type RequestOptions } from '../../lib/api';
import { endOperatorSession, operatorSession } from './session';

/**
 * Back-office calls: under /api/backoffice with the operator's token. An 'Invalid authorization
 * data' answer means the operator's session has ended (idle 15 minutes or 8 hours in all), so the
 * session is dropped and the screen returns to sign-in.
 */
export async function backoffice<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await apiRequest<T>(method, `backoffice/${path}`, { ...options, token: operatorSession()?.token });
  } catch (error) {
    if (error instanceof ApiError && error.isInvalidAuthorization && operatorSession()) endOperatorSession('expired');
    throw error;
  }
}

/**
 * The server's own words on a refusal, when it said more than its code's standard text: why a
 * conflict, or why this operator may not (the maker of a proposal approving it).
 */
function particularMessage(error: ApiError): string | undefined {
  const message = error.body?.message;
  if (!message) return undefined;
  return Object.values(ERROR_CODES).some((code) => code.message === message) ? undefined : message;
}

/**
 * Refusals the server explains in `details.reason` (approvals and operator changes), each with the
 * back office's own words under `refusals`, so that they read in the operator's language.
 */
export const EXPLAINED_REFUSALS = [
  'alreadyProposed',
  'decided',
  'ownProposal',
  'notMaker',
  'possibleDuplicate',
  'self',
  'deactivated',
  'unchanged',
  'notDeactivated',
  'notInvited',
  'changedMeanwhile',
  'lastAdmin',
  'ratesUnchanged',
  'ratesChangedMeanwhile',
  'riskUnchanged',
  'riskChangedMeanwhile',
  'feeUnchanged',
  'feeChangedMeanwhile',
  'alreadyClosed',
] as const;

function explainedRefusal(error: ApiError): string | undefined {
  const reason = error.body?.details?.reason;
  return typeof reason === 'string' && (EXPLAINED_REFUSALS as readonly string[]).includes(reason) ? reason : undefined;
}

/**
 * The message of a failed call to show the operator: a refusal the back office knows in its own
 * words, else the server's own text for a conflict or a refusal, else a generic one.
 */
export function problemOf(error: unknown): { key: string; message?: string } {
  if (error instanceof ApiError) {
    const refusal = explainedRefusal(error);
    if (refusal && (error.status === 403 || error.status === 409)) return { key: `refusals.${refusal}` };
    const message = particularMessage(error);
    if (error.body?.code === 'EMAIL_EXISTS') return { key: 'errors.emailExists' };
    if (error.body?.code === 'AUTHENTICATOR_RESET_REQUIRED') return { key: 'errors.authenticatorResetRequired' };
    // A payment to a client the bank has closed cannot be booked: it is to be rejected and returned.
    if (error.body?.code === 'ACCOUNT_CLOSED') return { key: 'errors.accountClosed' };
    if (error.status === 409) return message ? { key: 'errors.conflict', message } : { key: 'errors.conflict' };
    if (error.status === 403) return message ? { key: 'errors.forbidden', message } : { key: 'errors.forbidden' };
    if (error.status === 404) return { key: 'errors.notFound' };
    if (error.status === 429) return { key: 'errors.tooMany' };
    if (error.status === 0) return { key: 'errors.network' };
  }
  return { key: 'errors.generic' };
}
