import type { Passkey, PasskeysResponse } from '@bank/contracts/auth/passkeys';
import { apiRequest } from '../../lib/api';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '../../lib/webauthn';

const passkeyPath = (id: string) => `/api/user/passkeys/${encodeURIComponent(id)}`;

/** The client's passkeys (Settings, "Passkeys"). */
export const passkeysApi = {
  list: (token: string) => apiRequest<PasskeysResponse>('GET', '/api/user/passkeys', { token }),
  /** The options of the browser's ceremony; the password (and the app's code, with the app on) is checked first. */
  registrationOptions: (token: string, factors: { password: string; code?: string | undefined }) =>
    apiRequest<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/user/passkeys/options', { token, body: factors }),
  add: (token: string, body: { name: string; response: RegistrationResponseJSON }) => apiRequest<Passkey>('POST', '/api/user/passkeys', { token, body }),
  rename: (token: string, id: string, name: string) => apiRequest<Passkey>('PATCH', passkeyPath(id), { token, body: { name } }),
  remove: (token: string, id: string) => apiRequest<string>('DELETE', passkeyPath(id), { token }),
};
