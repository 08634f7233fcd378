import type { UserData } from '@bank/contracts/users/user-data';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { authenticateWithPasskey } from '../../lib/webauthn';
import { authApi } from './authApi';
import { clearLocalStorage } from './browserStorage';
import { signedIn, signedOut } from './userSlice';

/**
 * The end of every sign-in (docs/product.md#states): the server's answer is stored as the user data after local
 * storage is cleared, and the cabinet opens. Whatever an earlier client left in memory is dropped
 * first.
 */
function useEnterCabinet() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (user: UserData) => {
    dispatch(signedOut());
    clearLocalStorage();
    dispatch(signedIn(user));
    navigate(paths.cabinet);
  };
}

/** The final sign-in with a code: it is sent with e-mail and password. */
export function useCompleteSignIn() {
  const enterCabinet = useEnterCabinet();
  return async (credentials: { email: string; password: string }, emailCode: string) => {
    enterCabinet(await authApi.signIn({ ...credentials, emailCode }));
  };
}

/**
 * Sign-in with a passkey: the server's challenge, the browser's ceremony (the person picks a
 * passkey and unlocks it), and the answer checked by the server. Throws what the ceremony or the
 * server threw.
 */
export function usePasskeySignIn() {
  const enterCabinet = useEnterCabinet();
  return async () => {
    const response = await authenticateWithPasskey(await authApi.passkeySignInOptions());
    enterCabinet(await authApi.signInWithPasskey(response));
  };
}
