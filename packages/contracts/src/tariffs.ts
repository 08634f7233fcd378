/**
 * The tariffs and limits (docs/product.md#tariffs-and-limits) as data: fees, limits and rates. Amounts are decimal strings in EUR unless named otherwise;
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
 * Limits on money (docs/bank-controls.md), in EUR; an amount in another currency is valued at the day's
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

/** Free services (docs/product.md#tariffs-and-limits). */
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
 * Withdrawing a payment order the bank has not yet taken into work (docs/product.md#tariffs-and-limits): a fixed fee in EUR,
 * charged in the account's currency at the day's mid rate. Canceling a scheduled transfer is free.
 */
export const PAYMENT_ORDER_WITHDRAWAL_FEE = { amount: SERVICE_FEES.paymentOrderWithdrawalOrAmendment, currency: TARIFF_CURRENCY } as const;

/**
 * Active account maintenance (docs/product.md#tariffs-and-limits): a fixed fee in EUR for each month in which the client's
 * accounts had a booked movement, charged on the first of the next month from the EUR account, or
 * its equivalent at the day's mid rate from another account; what none can pay is kept as arrears.
 */
export const ACCOUNT_MAINTENANCE_FEE = { amount: SERVICE_FEES.activeAccountMaintenancePerMonth, currency: TARIFF_CURRENCY } as const;

/**
 * Service of a high-risk client (docs/product.md#tariffs-and-limits: "set by the bank"): a monthly
 * fee in EUR charged, by the job that charges the maintenance fee and with the same arrears rules,
 * to each client a compliance decision holds high-risk when the month's fees are charged. The bank
 * sets the amount by a four-eyes proposal (docs/bank-controls.md); `defaultAmount` is what is
 * charged before any.
 */
export const HIGH_RISK_CLIENT_FEE = { defaultAmount: '100.00', currency: TARIFF_CURRENCY } as const;

/**
 * Investigating an incoming payment that came with missing or wrong details and handling it by hand
 * (docs/product.md#tariffs-and-limits): a fixed fee in EUR, charged when the payment is booked, from
 * the account it credits, in that account's currency at the day's mid rate.
 */
export const INCOMING_PAYMENT_INVESTIGATION_FEE = { amount: SERVICE_FEES.incomingPaymentInvestigation, currency: TARIFF_CURRENCY } as const;

/**
 * Closing the accounts of a client who breaches the bank's policy (docs/product.md#tariffs-and-limits,
 * docs/bank-controls.md#closing-a-client): a fixed fee in EUR, charged once when the closure holds,
 * paid from the client's accounts as the monthly fees are (EUR first, else the equivalent at the mid rate).
 */
export const POLICY_BREACH_CLOSING_FEE = { amount: SERVICE_FEES.closingAccountForPolicyBreach, currency: TARIFF_CURRENCY } as const;

/** Issuing a card (docs/cards.md): fixed fees in EUR, charged once when the card is ordered. */
export const CARD_ISSUE_FEES = {
  virtual: { amount: SERVICE_FEES.virtualCard, currency: TARIFF_CURRENCY },
  physical: { amount: SERVICE_FEES.physicalCard, currency: TARIFF_CURRENCY },
} as const;

/** The fees the bank charges outside any transfer of the client's, each a statement row of its own. */
export type BankFee = 'withdrawal' | 'maintenance' | 'highRisk' | 'depositOpening' | 'investigation' | 'policyClosing' | 'virtualCard' | 'physicalCard';

/** The movements of a term deposit on the client's account, each a statement row of its own. */
export type DepositMovement = 'depositPlacement' | 'depositInterest' | 'depositReturn' | 'depositEarlyClosing';

/** Every row the bank itself writes on a client's account for a reason of its own. */
export type BankPurpose = BankFee | DepositMovement;

/**
 * The purpose stored with such a row: its name in the tariff, in English. It is stored as is (the
 * bank formats and the CSV carry it so); the screens and the PDF statement find it again by this
 * text (bankPurposeOf) and show its name in the reader's language.
 */
export const BANK_PURPOSES: Readonly<Record<BankPurpose, string>> = {
  withdrawal: 'Withdrawal of a payment order',
  maintenance: 'Account maintenance',
  highRisk: 'High-risk client service',
  depositOpening: 'Deposit account opening',
  investigation: 'Investigation and manual handling of an incoming payment',
  policyClosing: 'Closing the accounts of a client breaching policy',
  virtualCard: 'Virtual card issue',
  physicalCard: 'Physical card issue',
  depositPlacement: 'Placement of a term deposit',
  depositInterest: 'Interest on a term deposit',
  depositReturn: 'Return of a term deposit at maturity',
  depositEarlyClosing: 'Early closing of a term deposit',
};

/** The bank's purpose a row's purpose names, or null for any other purpose. */
export function bankPurposeOf(purpose: string | null): BankPurpose | null {
  if (purpose === null) return null;
  const purposes = Object.keys(BANK_PURPOSES) as BankPurpose[];
  return purposes.find((key) => BANK_PURPOSES[key] === purpose) ?? null;
}

/** The currencies a term deposit is kept in (docs/product.md#tariffs-and-limits). */
export const DEPOSIT_CURRENCIES = ['EUR', 'USD'] as const;
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];

/** The two rows of the rate table: a client identified more than a year ago, and any other. */
export const DEPOSIT_HISTORY_TIERS = ['withHistory', 'withoutHistory'] as const;
export type DepositHistoryTier = (typeof DEPOSIT_HISTORY_TIERS)[number];

/** Annual rates in basis points, by client history and currency. */
export type DepositRateTable = Readonly<Record<DepositHistoryTier, Readonly<Record<DepositCurrency, number>>>>;

/**
 * The rates a new installation opens deposits at (docs/product.md#tariffs-and-limits). The back office changes them through
 * four-eyes approvals; a change applies to deposits opened after it, never to running ones.
 */
const DEPOSIT_RATES_BASIS_POINTS = {
  withHistory: { EUR: 1100, USD: 1200 },
  withoutHistory: { EUR: 1000, USD: 1100 },
} as const satisfies DepositRateTable;

/** The highest rate of a row of the table (the "up to" figures the public pages print). */
export function highestRateBasisPoints(rates: DepositRateTable, tier: DepositHistoryTier): number {
  return Math.max(...DEPOSIT_CURRENCIES.map((currency) => rates[tier][currency]));
}

/**
 * Term deposits (docs/product.md#tariffs-and-limits), read by the public pages and by the product alike. Both take the rates
 * from the table in force (GET /api/deposit/rates): the back office's newest approved version of it,
 * or `ratesBasisPoints` before any.
 *
 * The tariff gives the rates twice: "11 % EUR and 12 % USD with a history over one year; 10 % and 11 %
 * without", and "up to 11 % for new clients and up to 12 % for clients with more than two years".
 * The bank reads the first line as the rule: a client whose identification is more than
 * `historyMonths` (12) months old on the opening day gets the `withHistory` row. The second line is
 * then a true summary of the same table (the highest rate of each row: 11 % for a new client,
 * 12 % for a client of more than two years, who has more than one year too) and is printed from it
 * (highestRateBasisPoints of the table in force), so the two can never disagree.
 *
 * - `minimum`: in the deposit's currency (10,000 EUR or 10,000 USD).
 * - `termMonths`: whole months; maturity is the same day of the month `termMonths` later (the last
 *   day of a shorter month).
 * - `payoutEveryMonths`: interest is paid every N months from the opening day, and the rest at
 *   maturity; a period longer than the term is refused.
 * - `openingFee`: 500 EUR, charged from the funding account in its currency at the day's mid rate.
 * - `dayCountBasis`: interest accrues daily, ACT/365 (actual days over a 365-day year, leap years
 *   too), exactly; the interest to each payout date is rounded half up to the cent once, and a
 *   payout is the difference between two such figures, so the payouts sum to the rounded total.
 */
export const DEPOSITS = {
  currencies: DEPOSIT_CURRENCIES,
  minimum: SERVICE_FEES.depositAccountMinimum,
  termMonths: { min: 3, max: 60 },
  interestPaidEveryMonths: [1, 3, 6, 12],
  historyMonths: 12,
  ratesBasisPoints: DEPOSIT_RATES_BASIS_POINTS,
  openingFee: { amount: SERVICE_FEES.depositAccountOpening, currency: TARIFF_CURRENCY },
  dayCountBasis: 365,
} as const;

/**
 * Closing a deposit before maturity (the product rules say nothing of it; the bank's rule): the principal comes back in
 * full, interest already paid stays paid, and the interest accrued since the last payout (since
 * opening, before the first) is forfeited. The opening fee is not refunded.
 */
export const DEPOSIT_EARLY_CLOSING_RULE = 'forfeitSinceLastPayout' as const;

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
 * and shown before confirming). The product rules leave it open; these cover a typical miner or gas fee with a
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
 * Crypto conversion (docs/product.md#tariffs-and-limits: by agreement, requires approval, up to 2.5 % depending on volume, no
 * volume limit). The tier is chosen by the amount sold, valued in EUR at the day's mid rate; the fee
 * is charged in the currency sold, on top of the amount, and held with it until a payments operator
 * approves. Tiers are ordered by their upper bound; the last has none.
 */
export const CRYPTO_CONVERSION_FEE_TIERS = [
  { upToEur: '10000.00', basisPoints: 250 },
  { upToEur: '100000.00', basisPoints: 150 },
  { upToEur: null, basisPoints: 100 },
] as const;
