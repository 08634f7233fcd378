import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { authApi } from './authApi';
import { clearLocalStorage } from './browserStorage';
import { signedIn, signedOut } from './userSlice';

/**
 * The final sign-in (SPEC §4): the code is sent with e-mail and password; the answer is stored as
 * the user data after local storage is cleared, and the cabinet opens. Whatever an earlier client
 * left in memory is dropped first.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async (credentials: { email: string; password: string }, emailCode: string) => {
    const user = await authApi.signIn({ ...credentials, emailCode });
    dispatch(signedOut());
    clearLocalStorage();
    dispatch(signedIn(user));
    navigate(paths.cabinet);
  };
}
