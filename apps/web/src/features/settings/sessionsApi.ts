import type { ClientSessionsResponse, EndOtherSessionsResponse } from '@bank/contracts/auth/sessions';
import { apiRequest } from '../../lib/api';

/** The client's live sessions and ending them (Settings, "Sessions and devices"). */
export const sessionsApi = {
  list: (token: string) => apiRequest<ClientSessionsResponse>('GET', '/api/user/sessions', { token }),
  end: (token: string, id: string) => apiRequest<string>('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`, { token }),
  endOthers: (token: string) => apiRequest<EndOtherSessionsResponse>('POST', '/api/user/sessions/end-others', { token, body: {} }),
};
