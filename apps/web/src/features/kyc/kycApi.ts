import type { CreateKycRequest, CreateKycResponse } from '@bank/contracts/kyc/create-kyc';
import { apiRequest } from '../../lib/api';

/** The KYC submission of docs/product.md#client-calls; the cabinet loads the KYC list itself when its menu opens. */
export const kycApi = {
  create: (token: string, body: CreateKycRequest) => apiRequest<CreateKycResponse>('POST', 'api/kyc/create', { token, body }),
};
