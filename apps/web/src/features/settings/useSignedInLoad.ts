import { useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ApiError } from '../../lib/api';
import { selectUserToken } from '../auth';

export type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: T };

/**
 * What a settings section shows, read with the client's token when it opens and again on
 * `refresh()`. A refused token is left to the cabinet's session-expired modal, not shown as a
 * failure of the section.
 */
export function useSignedInLoad<T>(read: (token: string) => Promise<T>): { token: string | null; load: Load<T>; refresh: () => Promise<void> } {
  const token = useAppSelector(selectUserToken);
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  const refresh = useCallback(async () => {
    if (!token) return;
    try {
      setLoad({ kind: 'ready', data: await read(token) });
    } catch (error) {
      if (!(error instanceof ApiError && error.isInvalidAuthorization)) setLoad({ kind: 'failed' });
    }
    // `read` is a module-level API call: the token alone decides when to read again.
  }, [token]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { token, load, refresh };
}
