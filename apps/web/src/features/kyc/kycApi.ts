import type { CreateKycRequest, CreateKycResponse } from '@bank/contracts/kyc/create-kyc';
import type { ListKycResponse } from '@bank/contracts/kyc/list-kyc';
import { apiRequest } from '../../lib/api';

/** The KYC calls of SPEC §7. */
export const kycApi = {
  create: (token: string, body: CreateKycRequest) => apiRequest<CreateKycResponse>('POST', 'api/kyc/create', { token, body }),
  list: (token: string) => apiRequest<ListKycResponse>('GET', 'api/kyc/list', { token }),
};
