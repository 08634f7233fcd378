import { PERSISTED_STATE_ITEM } from '../app/persistKey';

/**
 * The reads a screen's first paint waits for, started by the app's first script with the stored
 * session, beside the screen's own chunks instead of after them: on a phone's slow network those
 * chunks are several round trips, and the cabinet's accounts only then asked for theirs. The first
 * call that makes the same read (apiRequest) takes the answer; one nobody takes soon is dropped, so
 * nothing is ever answered from an old read.
 */
const READS_OF_PAGE: ReadonlyArray<{ path: RegExp; reads: readonly string[] }> = [
  // The cabinet opens on the client's data and the accounts overview.
  { path: /^\/kabinet(\/currencyAccounts)?\/?$/, reads: ['user/me', 'account/list'] },
];
/** How long a read waits to be taken. */
export const EARLY_READ_TTL_MS = 10_000;

const pending = new Map<string, Promise<Response>>();
const keyOf = (path: string, token: string) => `${path}\n${token}`;

/** The signed-in client's token in the persisted state (redux-persist: each slice a JSON text). */
export function storedUserToken(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const root = JSON.parse(storage.getItem(PERSISTED_STATE_ITEM) ?? 'null') as Record<string, unknown> | null;
    const user = typeof root?.user === 'string' ? (JSON.parse(root.user) as { user?: { userToken?: unknown } }) : null;
    const token = user?.user?.userToken;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

/** Starts the reads of the page at `pathname`, if a session is stored. */
export function startEarlyReads(pathname: string, storage: Pick<Storage, 'getItem'>, read: typeof fetch = fetch): void {
  const reads = READS_OF_PAGE.find((page) => page.path.test(pathname))?.reads;
  if (!reads) return;
  const token = storedUserToken(storage);
  if (!token) return;
  for (const path of reads) {
    const key = keyOf(path, token);
    const response = read(`/api/${path}`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    // Not taken: nobody waits for it, and its failure is nobody's.
    response.catch(() => undefined);
    pending.set(key, response);
    setTimeout(() => {
      if (pending.get(key) === response) pending.delete(key);
    }, EARLY_READ_TTL_MS);
  }
}

/** The early read of `path` with `token`, once: later calls make their own. */
export function takeEarlyRead(path: string, token: string): Promise<Response> | undefined {
  const key = keyOf(path, token);
  const response = pending.get(key);
  pending.delete(key);
  return response;
}
