/** SPEC §5: the identity documents a personal client may show. */
export const IDENTITY_CARD_TYPES = ['passport', 'nationalId', 'drivingLicence'] as const;
export type IdentityCardType = (typeof IDENTITY_CARD_TYPES)[number];

/** Where the client's money comes from; anything else goes to otherSourcesOfWealth. */
export const SOURCES_OF_WEALTH = ['salary', 'business', 'investments', 'savings', 'inheritance', 'property'] as const;
export type SourceOfWealth = (typeof SOURCES_OF_WEALTH)[number];
