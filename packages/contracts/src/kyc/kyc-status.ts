/**
 * A client's KYC status, without zod: the cabinet's shell and menu decide what an identified client
 * sees on the first screen, before any form (and its schemas) is on the page.
 */

/** docs/product.md#states: New is in review; Approved makes the client identified; Rejected asks for the form again. */
export const KYC_STATUSES = ['New', 'Approved', 'Rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** docs/product.md#states: a client is identified when its KYC status is set and is neither New nor Rejected. */
export function isIdentified(kycStatus: KycStatus | null | undefined): boolean {
  return Boolean(kycStatus) && kycStatus !== 'New' && kycStatus !== 'Rejected';
}
