/**
 * SPEC §9 as data: fees, limits and rates. Amounts are decimal strings in EUR unless named otherwise;
 * percentages are basis points (1 % = 100 bp) so no float ever touches a fee.
 */
export const TARIFF_CURRENCY = 'EUR' as const;

/** International transfer in or out: 0.30 %, minimum 50, maximum 2000 (EUR; converted for other currencies). */
export const INTERNATIONAL_TRANSFER_FEE = {
  rateBasisPoints: 30,
  minimum: '50.00',
  maximum: '2000.00',
  currency: TARIFF_CURRENCY,
} as const;

/**
 * Limits on money (DESIGN §10, §13), in EUR; an amount in another currency is valued at the day's
 * mid rate when the operation is made, and that value is kept with a transfer that waits for the
 * bank, so a later change of rates never changes what it needs.
 *
 * - MAX_OPERATION_EUR: the most one money-moving operation may carry (a client's transfer,
 *   exchange, crypto transfer or conversion; the back office's incoming payment or crypto deposit).
 *   A larger amount is refused.
 * - MAKER_CHECKER_THRESHOLD_EUR: a transfer waiting for the bank worth more than this needs the
 *   approvals of two different operators.
 * - DAILY_ABROAD_LIMIT_EUR: a client's transfers abroad and crypto transfers out of the bank are
 *   summed per bank day; once the day's sum passes this, that transfer and every later one of the
 *   day need two approvals too, so splitting a payment does not avoid the rule.
 */
export const MAX_OPERATION_EUR = '1000000.00';
export const MAKER_CHECKER_THRESHOLD_EUR = '10000.00';
export const DAILY_ABROAD_LIMIT_EUR = '10000.00';

/** Free services (SPEC §9). */
export const FREE_SERVICES = ['internetBanking', 'complianceCheck', 'documentPreCheck', 'intraBankTransfers', 'currencyConversion'] as const;

export const MINIMUM_DEPOSITS = {
  corporateCurrentAccount: '10000.00',
  corporatePoolAccount: '5000.00',
  individualAccount: '5000.00',
  individualPoolAccount: '3000.00',
} as const;

export const SERVICE_FEES = {
  accountOpeningCorporate: '0.00',
  accountOpeningIndividual: '0.00',
  depositAccountOpening: '500.00',
  depositAccountMinimum: '10000.00',
  activeAccountMaintenancePerMonth: '30.00',
  closingAccountForPolicyBreach: '100.00',
  incomingPaymentInvestigation: '50.00',
  paymentOrderWithdrawalOrAmendment: '30.00',
  cryptoConversionMaxBasisPoints: 250,
  virtualCard: '300.00',
  physicalCard: '400.00',
  prepaidBankCheque: '100.00',
} as const;

/**
 * Withdrawing a payment order the bank has not yet taken into work (SPEC §9): a fixed fee in EUR,
 * charged in the account's currency at the day's mid rate. Canceling a scheduled transfer is free.
 */
export const PAYMENT_ORDER_WITHDRAWAL_FEE = { amount: SERVICE_FEES.paymentOrderWithdrawalOrAmendment, currency: TARIFF_CURRENCY } as const;

/**
 * Active account maintenance (SPEC §9): a fixed fee in EUR for each month in which the client's
 * accounts had a booked movement, charged on the first of the next month from the EUR account, or
 * its equivalent at the day's mid rate from another account; what none can pay is kept as arrears.
 */
export const ACCOUNT_MAINTENANCE_FEE = { amount: SERVICE_FEES.activeAccountMaintenancePerMonth, currency: TARIFF_CURRENCY } as const;

/** The fees the bank charges outside any transfer of the client's, each a statement row of its own. */
export type BankFee = 'withdrawal' | 'maintenance';

/**
 * The purpose stored with a fee's statement row: the fee's name in the tariff, in English. It is
 * stored as is (the bank formats and the CSV carry it so); the screens and the PDF statement find
 * the fee again by this text (bankFeeOf) and show its name in the reader's language.
 */
export const BANK_FEE_PURPOSES: Readonly<Record<BankFee, string>> = {
  withdrawal: 'Withdrawal of a payment order',
  maintenance: 'Account maintenance',
};

/** The bank's fee a row's purpose names, or null for any other purpose. */
export function bankFeeOf(purpose: string | null): BankFee | null {
  if (purpose === null) return null;
  const fees = Object.keys(BANK_FEE_PURPOSES) as BankFee[];
  return fees.find((fee) => BANK_FEE_PURPOSES[fee] === purpose) ?? null;
}

export const DEPOSITS = {
  minimum: '10000.00',
  currencies: ['EUR', 'USD'],
  termMonths: { min: 3, max: 60 },
  interestPaidEveryMonths: [1, 3, 6, 12],
  /** Annual rates in basis points: with more than a year of history, and without. */
  ratesBasisPoints: {
    withHistory: { EUR: 1100, USD: 1200 },
    withoutHistory: { EUR: 1000, USD: 1100 },
  },
  upToForNewClientsBasisPoints: 1100,
  upToForLongTermClientsBasisPoints: 1200,
} as const;

export const CHEQUE_CASHING = { fixed: '100.00', currencies: ['EUR', 'USD'], rateBasisPoints: 200, bankingDays: { min: 7, max: 14 } } as const;

export const GOLD_BARS = {
  sizes: ['5 g', '10 g', '20 g', '50 g', '100 g', '250 g', '500 g', '1 oz', '1 kg'],
  purity: '999.9',
  portfolioSharePercent: { min: 2, max: 10 },
} as const;

export const CARDS = { paymentSystem: 'MasterCard', currency: 'USD', validityYears: 5, service: 'free' } as const;

export const PAYMENT_REGIONS = ['SWIFT', 'SEPA', 'ACH', 'BACS', 'INTERAC', 'EFT', 'PAN AFRICA'] as const;
export type PaymentRegion = (typeof PAYMENT_REGIONS)[number];

export const WAITING_DAYS = {
  individualWithIndividualDetails: { min: 7, max: 15 },
  individualWithSharedDetails: { min: 1, max: 5 },
  corporate: { min: 3, max: 20 },
  corporateWithPersonalIban: { min: 3, max: 5 },
  corporateGeneral: { min: 5, max: 20 },
} as const;

/**
 * The network fee of a crypto transfer out of the bank, per coin, in the coin (held with the amount
 * and shown before confirming). SPEC leaves it open; these cover a typical miner or gas fee with a
 * margin. A transfer to another wallet of this bank moves on the bank's own books and is free.
 */
export const CRYPTO_NETWORK_FEES = {
  BTC: '0.00015000',
  ETH: '0.002000000000000000',
  USDT: '5.000000',
  USDC: '5.000000',
  BNB: '0.001000000000000000',
  SOL: '0.000100000',
} as const;

/**
 * Crypto conversion (SPEC §9: by agreement, requires approval, up to 2.5 % depending on volume, no
 * volume limit). The tier is chosen by the amount sold, valued in EUR at the day's mid rate; the fee
 * is charged in the currency sold, on top of the amount, and held with it until a payments operator
 * approves. Tiers are ordered by their upper bound; the last has none.
 */
export const CRYPTO_CONVERSION_FEE_TIERS = [
  { upToEur: '10000.00', basisPoints: 250 },
  { upToEur: '100000.00', basisPoints: 150 },
  { upToEur: null, basisPoints: 100 },
] as const;
