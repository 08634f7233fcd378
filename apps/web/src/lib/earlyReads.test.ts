// The cabinet's first reads start with the app's first script and are answered once, to the first
// call that makes them with the same session, and never after their time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_TTL_MS, startEarlyReads, storedUserToken, takeEarlyRead } from './earlyReads';

/** Local storage as redux-persist leaves it: each slice a JSON text inside the root's JSON. */
function storageWith(token: string | undefined): Pick<Storage, 'getItem'> {
  const root = { user: JSON.stringify({ user: token === undefined ? {} : { userToken: token } }), _persist: JSON.stringify({ version: -1, rehydrated: true }) };
  return { getItem: (key) => (key === 'persist:root' ? JSON.stringify(root) : null) };
}

function recordingFetch() {
  const calls: Array<{ url: string; authorization: string | undefined }> = [];
  const read = vi.fn((url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), authorization: (init?.headers as Record<string, string> | undefined)?.authorization });
    return Promise.resolve(new Response(JSON.stringify({ url: String(url) })));
  });
  return { calls, read: read as unknown as typeof fetch };
}

afterEach(() => {
  vi.useRealTimers();
  // Whatever a test left is taken, so the next one starts empty.
  for (const path of ['user/me', 'account/list']) for (const token of ['t-1', 't-2']) void takeEarlyRead(path, token);
});

describe('storedUserToken', () => {
  it('reads the signed-in client from the persisted state, and nothing from anything else', () => {
    expect(storedUserToken(storageWith('t-1'))).toBe('t-1');
    expect(storedUserToken(storageWith(undefined))).toBeNull();
    expect(storedUserToken({ getItem: () => null })).toBeNull();
    expect(storedUserToken({ getItem: () => '{not json' })).toBeNull();
    expect(storedUserToken({ getItem: () => JSON.stringify({ user: '{"user":{"userToken":42}}' }) })).toBeNull();
  });
});

describe('startEarlyReads', () => {
  it("starts the cabinet's reads with the stored session, and answers each once", async () => {
    const { calls, read } = recordingFetch();
    startEarlyReads('/kabinet', storageWith('t-1'), read);
    expect(calls).toEqual([
      { url: '/api/user/me', authorization: 'Bearer t-1' },
      { url: '/api/account/list', authorization: 'Bearer t-1' },
    ]);
    const taken = takeEarlyRead('account/list', 't-1');
    expect(await (await taken!).json()).toEqual({ url: '/api/account/list' });
    expect(takeEarlyRead('account/list', 't-1')).toBeUndefined();
  });

  it('answers only a call with the same session', () => {
    const { read } = recordingFetch();
    startEarlyReads('/kabinet/currencyAccounts', storageWith('t-1'), read);
    expect(takeEarlyRead('user/me', 't-2')).toBeUndefined();
    expect(takeEarlyRead('user/me', 't-1')).toBeDefined();
  });

  it('reads nothing without a stored session or on another page', () => {
    const { calls, read } = recordingFetch();
    startEarlyReads('/kabinet', storageWith(undefined), read);
    startEarlyReads('/login', storageWith('t-1'), read);
    startEarlyReads('/', storageWith('t-1'), read);
    startEarlyReads('/kabinet/elsewhere', storageWith('t-1'), read);
    expect(calls).toEqual([]);
  });

  it('drops a read nobody took in time, so no later call is answered from it', () => {
    vi.useFakeTimers();
    const { read } = recordingFetch();
    startEarlyReads('/kabinet', storageWith('t-1'), read);
    vi.advanceTimersByTime(EARLY_READ_TTL_MS);
    expect(takeEarlyRead('user/me', 't-1')).toBeUndefined();
    expect(takeEarlyRead('account/list', 't-1')).toBeUndefined();
  });
});
