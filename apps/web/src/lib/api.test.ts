// Proves that a refused call reaches the cabinet's handlers: 'Invalid authorization data' ends the
// session, a 403 CLIENT_CLOSED (the bank has closed the client) shows the closure, and nothing else
// does either, for reads and for downloads alike.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, apiRequest, setClientClosedHandler, setInvalidAuthorizationHandler } from './api';

let answer: () => Response;
const seen: string[] = [];

beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('window', { location: { origin: 'http://bank.test' } });
  vi.stubGlobal('fetch', async () => answer());
  setInvalidAuthorizationHandler(() => seen.push('expired'));
  setClientClosedHandler(() => seen.push('closed'));
});
afterEach(() => {
  setInvalidAuthorizationHandler(undefined);
  setClientClosedHandler(undefined);
  vi.unstubAllGlobals();
});

const refusal = (status: number, code: string, message: string) => () => new Response(JSON.stringify({ code, message }), { status });

describe('a refused call', () => {
  it('tells the cabinet that the bank has closed the client', async () => {
    answer = refusal(403, 'CLIENT_CLOSED', 'The bank has closed your accounts');
    const error = await apiRequest('GET', 'kyc/list', { token: 't' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isClientClosed).toBe(true);
    await apiDownload('statement', { token: 't' }).catch(() => undefined);
    expect(seen).toEqual(['closed', 'closed']);
  });

  it('tells the session-expired handler alone about an ended session', async () => {
    answer = refusal(401, 'INVALID_AUTHORIZATION', 'Invalid authorization data');
    await apiRequest('GET', 'kyc/list', { token: 't' }).catch(() => undefined);
    expect(seen).toEqual(['expired']);
  });

  it('tells neither about any other refusal', async () => {
    answer = refusal(403, 'FORBIDDEN', 'Forbidden');
    const error = await apiRequest('GET', 'kyc/list', { token: 't' }).catch((caught: unknown) => caught);
    expect((error as ApiError).isClientClosed).toBe(false);
    answer = refusal(409, 'ACCOUNT_CLOSED', 'The account is closed and takes no new money');
    await apiRequest('POST', 'transaction/create', { token: 't', body: {} }).catch(() => undefined);
    expect(seen).toEqual([]);
  });
});
