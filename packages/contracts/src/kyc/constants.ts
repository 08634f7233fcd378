/** docs/product.md#validation: the identity documents a personal client may show. */
export const IDENTITY_CARD_TYPES = ['passport', 'nationalId', 'drivingLicence'] as const;
export type IdentityCardType = (typeof IDENTITY_CARD_TYPES)[number];

/** Where the client's money comes from; anything else goes to otherSourcesOfWealth. */
export const SOURCES_OF_WEALTH = ['salary', 'business', 'investments', 'savings', 'inheritance', 'property'] as const;
export type SourceOfWealth = (typeof SOURCES_OF_WEALTH)[number];

/**
 * Why the client's KYC call is refused with 409 CONFLICT, as the translation key in the answer's
 * `fields._` (the whole form rather than one field):
 * - in review: a submission is New; the bank reviews exactly what was sent, so it cannot be
 *   corrected or replaced until the bank decides;
 * - reviewed: the submission was decided and stays as it was decided;
 * - approved: the client is identified and needs no new submission.
 */
export const KYC_REFUSALS = {
  inReview: 'validation.kyc.inReview',
  reviewed: 'validation.kyc.reviewed',
  approved: 'validation.kyc.approved',
} as const;
