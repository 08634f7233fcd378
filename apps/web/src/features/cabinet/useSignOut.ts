import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { authApi } from '../auth';
import { clearLocalStorage } from '../auth';
import { selectUserToken, signedOut } from '../auth';

/**
 * Logout (docs/product.md#states): the server revokes the token (POST /api/logout), the user state is reset
 * (token, user data, account type back to personal, account and wallet lists, tokenIsValid true),
 * the fiat and crypto transaction stores are cleared, local storage is cleared, and /login opens.
 * A token the server no longer knows is fine: the client is signed out all the same.
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectUserToken);
  return useCallback(async () => {
    if (token) await authApi.signOut(token).catch(() => undefined);
    dispatch(signedOut());
    clearLocalStorage();
    navigate(paths.login);
  }, [dispatch, navigate, token]);
}
