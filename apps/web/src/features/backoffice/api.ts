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

/** The message of a failed call to show the operator: the server's own text for a conflict, else a generic one. */
export function problemOf(error: unknown): { key: string; message?: string } {
  if (error instanceof ApiError) {
    if (error.status === 409 && error.body?.message) return { key: 'errors.conflict', message: error.body.message };
    if (error.status === 403) return { key: 'errors.forbidden' };
    if (error.status === 404) return { key: 'errors.notFound' };
    if (error.status === 429) return { key: 'errors.tooMany' };
    if (error.status === 0) return { key: 'errors.network' };
  }
  return { key: 'errors.generic' };
}
