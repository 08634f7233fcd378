import { otherServicesAnchors, paths } from '../../app/paths';
import type { PublicFigures } from './figures';

/**
 * What the public pages list, as translation keys (under public.json) and links. Texts live in the
 * locales; figures come from ./figures. content.test.ts checks every key here exists in EN and RU.
 */

type FigureName = keyof PublicFigures;

/** How a tariff line shows its amount. */
export type TariffAmount =
  | { kind: 'free' }
  | { kind: 'setByBank' }
  | { kind: 'figure'; figure: FigureName }
  | { kind: 'perMonth'; figure: FigureName }
  | { kind: 'upTo'; figure: FigureName }
  | { kind: 'transferRate' };

/** Tariffs (docs/product.md#tariffs-and-limits): the 23 fee lines of the tariffs table, in the order shown. */
export const TARIFF_LINES: ReadonlyArray<{ key: string; amount: TariffAmount }> = [
  { key: 'openingCorporate', amount: { kind: 'free' } },
  { key: 'openingIndividual', amount: { kind: 'free' } },
  { key: 'minimumCorporateCurrent', amount: { kind: 'figure', figure: 'corporateCurrentMinimum' } },
  { key: 'minimumCorporatePool', amount: { kind: 'figure', figure: 'corporatePoolMinimum' } },
  { key: 'minimumIndividual', amount: { kind: 'figure', figure: 'individualMinimum' } },
  { key: 'minimumIndividualPool', amount: { kind: 'figure', figure: 'individualPoolMinimum' } },
  { key: 'depositOpening', amount: { kind: 'figure', figure: 'depositOpeningFee' } },
  { key: 'depositMinimum', amount: { kind: 'figure', figure: 'depositAccountMinimum' } },
  { key: 'maintenance', amount: { kind: 'perMonth', figure: 'maintenanceFee' } },
  { key: 'internetBanking', amount: { kind: 'free' } },
  { key: 'complianceCheck', amount: { kind: 'free' } },
  { key: 'documentPreCheck', amount: { kind: 'free' } },
  { key: 'intraBankTransfers', amount: { kind: 'free' } },
  { key: 'currencyConversion', amount: { kind: 'free' } },
  { key: 'highRisk', amount: { kind: 'setByBank' } },
  { key: 'closingForPolicyBreach', amount: { kind: 'figure', figure: 'closingFee' } },
  { key: 'incomingInvestigation', amount: { kind: 'figure', figure: 'investigationFee' } },
  { key: 'orderAmendment', amount: { kind: 'figure', figure: 'amendmentFee' } },
  { key: 'cryptoConversion', amount: { kind: 'upTo', figure: 'cryptoConversionMaximum' } },
  { key: 'internationalTransfer', amount: { kind: 'transferRate' } },
  { key: 'virtualCard', amount: { kind: 'figure', figure: 'virtualCardFee' } },
  { key: 'physicalCard', amount: { kind: 'figure', figure: 'physicalCardFee' } },
  { key: 'prepaidCheque', amount: { kind: 'figure', figure: 'chequeFee' } },
];

export interface LinkTarget {
  pathname: string;
  hash?: string;
}

const otherServices = (hash: string): LinkTarget => ({ pathname: paths.otherServices, hash });

/** Header and footer (docs/product.md#screens-and-routes): the anchors of /other-services in the order the page shows them, each by its key of otherServicesAnchors. */
export const OTHER_SERVICE_LINKS = (['deposit', 'cheques', 'acquiring', 'metals', 'fx'] as const).map((key) => ({ key, hash: otherServicesAnchors[key] }));

/** Tariffs slider (docs/product.md#screens-and-routes): 11 services numbered 01–11, each linking to the page that describes it. */
export const SLIDER_ITEMS: ReadonlyArray<{ key: string; to: LinkTarget }> = [
  { key: 'corporateAccounts', to: { pathname: paths.corporate } },
  { key: 'personalIban', to: { pathname: paths.corporate } },
  { key: 'internationalTransfers', to: { pathname: paths.corporate } },
  { key: 'individualAccounts', to: { pathname: paths.individual } },
  { key: 'currencyExchange', to: { pathname: paths.individual } },
  { key: 'poolAccounts', to: { pathname: paths.individual } },
  { key: 'deposits', to: otherServices(otherServicesAnchors.deposit) },
  { key: 'cheques', to: otherServices(otherServicesAnchors.cheques) },
  { key: 'acquiring', to: otherServices(otherServicesAnchors.acquiring) },
  { key: 'metals', to: otherServices(otherServicesAnchors.metals) },
  { key: 'fx', to: otherServices(otherServicesAnchors.fx) },
];

/** docs/product.md#screens-and-routes: four slides of 3, 3, 3 and 2 items. */
export const SLIDE_SIZES = [3, 3, 3, 2] as const;

/** Documents for account opening (docs/product.md#validation). */
export const CORPORATE_DOCUMENTS = [
  'registrationCertificate',
  'foundingDocuments',
  'directorAppointment',
  'corporateRegister',
  'legalAddress',
  'goodStanding',
  'licence',
  'beneficiaryPassport',
  'utilityBill',
  'powerOfAttorney',
  'applicationForm',
  'resume',
] as const;

/** The two account cards each client page shows. */
export const ACCOUNT_OPTION_KEYS = ['first', 'second'] as const;

export const INDIVIDUAL_DOCUMENTS = ['passport', 'addressProof', 'resume', 'bankStatement'] as const;

export const CARD_FEATURES = {
  virtual: ['instant', 'online', 'details', 'limits'],
  physical: ['contactless', 'atm', 'chip', 'delivery'],
} as const;

export const CARD_FACTS = ['paymentSystem', 'currency', 'validity', 'service'] as const;

export const CRYPTO_CARDS = ['wallets', 'transfers', 'conversion', 'noLimits', 'otherCoins', 'compliance'] as const;
export const CRYPTO_GATEWAY_POINTS = ['currencies', 'settlement', 'api'] as const;

export const ABOUT_OFFERINGS = ['corporate', 'individual', 'crypto'] as const;
export const ABOUT_CARDS = ['supervision', 'capital', 'supervisor'] as const;

export const HOME_FACTS = ['since', 'countries', 'capital', 'currencies'] as const;
export const HOME_SERVICES: ReadonlyArray<{ key: string; to: LinkTarget }> = [
  { key: 'corporate', to: { pathname: paths.corporate } },
  { key: 'individual', to: { pathname: paths.individual } },
  { key: 'cards', to: { pathname: paths.cards } },
  { key: 'crypto', to: { pathname: paths.crypto } },
  { key: 'otherServices', to: { pathname: paths.otherServices } },
  { key: 'tariffs', to: { pathname: paths.tariffs } },
];
export const HOME_STEPS = ['register', 'documents', 'compliance', 'details'] as const;

export const DEPOSIT_TERMS = ['minimum', 'term', 'interest', 'opening'] as const;
export const DEPOSIT_ADVANTAGES = ['online', 'manager', 'payout'] as const;
export const CHEQUE_CARDS = ['prepaid', 'cashing'] as const;
export const ACQUIRING_CARDS = ['countries', 'schemes', 'settlement'] as const;
export const METAL_CARDS = ['sizes', 'purity', 'share'] as const;
export const FX_OFFERS = ['currencies', 'rates', 'spot', 'forward', 'dealer', 'orders', 'analytics'] as const;

/** "01"…"11": docs/product.md numbers items with two digits. */
export function itemNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}
