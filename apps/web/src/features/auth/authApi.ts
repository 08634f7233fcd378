import type { CodeSentResponse, SignInStepOneResponse } from '@bank/contracts/auth/codes';
import type { LoginRequest } from '@bank/contracts/auth/login';
import type { LoginStepOneRequest } from '@bank/contracts/auth/login-step-one';
import type { RegistrationRequest } from '@bank/contracts/auth/register';
import type { TotpEnableResponse, TotpSetupResponse } from '@bank/contracts/auth/two-factor';
import type { PasswordChangeRequest } from '@bank/contracts/users/password-change';
import type { PasswordResetRequest } from '@bank/contracts/users/password-reset';
import type { UserData } from '@bank/contracts/users/user-data';
import { currentLanguage } from '../../app/i18n';
import { apiRequest } from '../../lib/api';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '../../lib/webauthn';

/** The identity calls of docs/product.md#client-calls and docs/api.md. Mails are written in the language the client reads. */
export const authApi = {
  register: (body: Omit<RegistrationRequest, 'language'>) =>
    apiRequest<CodeSentResponse>('POST', 'api/registrations', { body: { ...body, language: currentLanguage() } }),
  requestCode: (body: Omit<LoginStepOneRequest, 'language'>) =>
    apiRequest<SignInStepOneResponse>('POST', 'api/login/list', { body: { ...body, language: currentLanguage() } }),
  signIn: (body: LoginRequest) => apiRequest<UserData>('POST', 'api/login', { body }),
  passkeySignInOptions: () => apiRequest<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/login/passkey/options', { body: {} }),
  signInWithPasskey: (response: AuthenticationResponseJSON) => apiRequest<UserData>('POST', '/api/login/passkey', { body: { response } }),
  signOut: (token: string) => apiRequest<string>('POST', '/api/logout', { token }),
  me: (token: string) => apiRequest<UserData>('GET', '/api/user/me', { token }),
  requestPasswordReset: (email: string) =>
    apiRequest<string>('POST', '/api/user/password/refresh', { body: { email, language: currentLanguage() } }),
  resetPassword: (body: PasswordResetRequest) => apiRequest<string>('POST', '/api/user/password/reset', { body }),
  changePassword: (token: string, body: PasswordChangeRequest) =>
    apiRequest<string>('POST', '/api/user/password/change', { token, body }),
  setUpAuthenticator: (token: string) => apiRequest<TotpSetupResponse>('POST', '/api/user/two-factor/setup', { token, body: {} }),
  enableAuthenticator: (token: string, body: { password: string; code: string }) =>
    apiRequest<TotpEnableResponse>('POST', '/api/user/two-factor/enable', { token, body }),
  disableAuthenticator: (token: string, body: { password: string; code: string }) =>
    apiRequest<string>('POST', '/api/user/two-factor/disable', { token, body }),
};
