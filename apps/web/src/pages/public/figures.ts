import {
  CARDS,
  CHEQUE_CASHING,
  DEPOSITS,
  GOLD_BARS,
  highestRateBasisPoints,
  INTERNATIONAL_TRANSFER_FEE,
  MINIMUM_DEPOSITS,
  SERVICE_FEES,
  TARIFF_CURRENCY,
  WAITING_DAYS,
  type DepositRateTable,
} from '@bank/contracts/tariffs';
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '@bank/contracts/money';
import type { Language } from '../../app/i18n';
import { formatAmount, formatPercent, percentDigits } from '../../ui/formatMoney';

/**
 * Tariff figures (docs/product.md#tariffs-and-limits) formatted for one language, passed as interpolation values to the public texts so
 * each number is written once (in contracts/tariffs.ts), formatted by the app's one formatter
 * (ui/formatMoney.ts). Amounts are decimal strings and rates basis points: never a float.
 */

/** A non-breaking space keeps an amount and its currency (or a range) on one line. */
const NBSP = '\u00a0';

/** "10000.00" -> "10,000" (en) or "10 000" (ru); cents are shown only when there are any. */
function formatFigure(value: string, language: Language): string {
  return formatAmount(value, language, { dropZeroFraction: true });
}

/** Word joiners keep a range on one line: a line break after the dash would read as two numbers. */
const WORD_JOINER = '\u2060';

/** "7–15": an en dash between the ends of a range, as both languages write it. */
export function formatRange(range: { min: number; max: number }): string {
  return `${range.min}${WORD_JOINER}–${WORD_JOINER}${range.max}`;
}

type ListKind = 'disjunction' | 'conjunction';

/**
 * The long list patterns of CLDR (what Intl.ListFormat uses) for our two languages: how two items
 * are joined, and how the last of three or more is. Written out because making the first
 * Intl.ListFormat in a page loads the language's list rules, 16–32 ms on a desktop core and four
 * times that on a phone, in the task that takes a pre-rendered page over. figures.test.ts checks
 * these against Intl.ListFormat.
 */
const LIST_PATTERNS: Record<Language, Record<ListKind, { pair: string; last: string }>> = {
  en: { disjunction: { pair: ' or ', last: ', or ' }, conjunction: { pair: ' and ', last: ', and ' } },
  ru: { disjunction: { pair: ' или ', last: ' или ' }, conjunction: { pair: ' и ', last: ' и ' } },
};

function formatListOf(values: readonly string[], language: Language, kind: ListKind): string {
  const { pair, last } = LIST_PATTERNS[language][kind];
  if (values.length <= 1) return values[0] ?? '';
  if (values.length === 2) return `${values[0]}${pair}${values[1]}`;
  return `${values.slice(0, -1).join(', ')}${last}${values[values.length - 1]}`;
}

/** "1, 3, 6, or 12" / "1, 3, 6 или 12". */
export function formatAlternatives(values: readonly (string | number)[], language: Language): string {
  return formatListOf(values.map(String), language, 'disjunction');
}

/** "5 g, 10 g, and 1 oz" / "5 г, 10 г и 1 унция". */
export function formatList(values: readonly string[], language: Language): string {
  return formatListOf(values, language, 'conjunction');
}

const GOLD_BAR_UNITS: Record<Language, Record<string, string>> = {
  en: { g: 'g', oz: 'oz', kg: 'kg' },
  ru: { g: 'г', oz: 'унция', kg: 'кг' },
};

/** "5 g" -> "5 g" / "5 г" (the sizes are stored with English unit names). */
export function formatGoldBar(size: string, language: Language): string {
  const [amount = '', unit = ''] = size.split(' ');
  return `${amount}${NBSP}${GOLD_BAR_UNITS[language][unit] ?? unit}`;
}

export type PublicFigures = ReturnType<typeof publicFigures>;

/**
 * Every figure the public pages quote, formatted for `language`. The deposit rates, and the "up to"
 * figures summarising them, come from `depositRates`: the table in force, the one the product
 * prices from (see depositRates.ts). A rate is written with the decimals it has ("11%", "11.25%").
 */
export function publicFigures(language: Language, depositRates: DepositRateTable) {
  const eur = (value: string) => `${formatFigure(value, language)}${NBSP}${TARIFF_CURRENCY}`;
  const percent = (basisPoints: number, digits = 0) => formatPercent(basisPoints, language, digits);
  const rate = (basisPoints: number) => percent(basisPoints, percentDigits(basisPoints));
  const depositCurrencies = formatAlternatives(DEPOSITS.currencies, language);
  return {
    corporateCurrentMinimum: eur(MINIMUM_DEPOSITS.corporateCurrentAccount),
    corporatePoolMinimum: eur(MINIMUM_DEPOSITS.corporatePoolAccount),
    individualMinimum: eur(MINIMUM_DEPOSITS.individualAccount),
    individualPoolMinimum: eur(MINIMUM_DEPOSITS.individualPoolAccount),
    depositOpeningFee: eur(SERVICE_FEES.depositAccountOpening),
    depositAccountMinimum: eur(SERVICE_FEES.depositAccountMinimum),
    maintenanceFee: eur(SERVICE_FEES.activeAccountMaintenancePerMonth),
    closingFee: eur(SERVICE_FEES.closingAccountForPolicyBreach),
    investigationFee: eur(SERVICE_FEES.incomingPaymentInvestigation),
    amendmentFee: eur(SERVICE_FEES.paymentOrderWithdrawalOrAmendment),
    cryptoConversionMaximum: percent(SERVICE_FEES.cryptoConversionMaxBasisPoints, 1),
    transferRate: percent(INTERNATIONAL_TRANSFER_FEE.rateBasisPoints, 2),
    transferMinimum: eur(INTERNATIONAL_TRANSFER_FEE.minimum),
    transferMaximum: eur(INTERNATIONAL_TRANSFER_FEE.maximum),
    virtualCardFee: eur(SERVICE_FEES.virtualCard),
    physicalCardFee: eur(SERVICE_FEES.physicalCard),
    chequeFee: eur(SERVICE_FEES.prepaidBankCheque),
    depositMinimum: `${formatFigure(DEPOSITS.minimum, language)}${NBSP}${depositCurrencies}`,
    depositCurrencies,
    depositTermMinMonths: DEPOSITS.termMonths.min,
    depositTermMaxYears: DEPOSITS.termMonths.max / 12,
    depositInterestPeriods: formatAlternatives(DEPOSITS.interestPaidEveryMonths, language),
    depositRateEurWithHistory: rate(depositRates.withHistory.EUR),
    depositRateUsdWithHistory: rate(depositRates.withHistory.USD),
    depositRateEurWithoutHistory: rate(depositRates.withoutHistory.EUR),
    depositRateUsdWithoutHistory: rate(depositRates.withoutHistory.USD),
    depositRateNewClients: rate(highestRateBasisPoints(depositRates, 'withoutHistory')),
    depositRateLongTermClients: rate(highestRateBasisPoints(depositRates, 'withHistory')),
    chequeCashingFixed: `${formatFigure(CHEQUE_CASHING.fixed, language)}${NBSP}${CHEQUE_CASHING.currencies.join('/')}`,
    chequeCashingRate: percent(CHEQUE_CASHING.rateBasisPoints),
    chequeCashingDays: formatRange(CHEQUE_CASHING.bankingDays),
    goldBarSizes: formatList(GOLD_BARS.sizes.map((size) => formatGoldBar(size, language)), language),
    goldPurity: formatFigure(GOLD_BARS.purity, language),
    goldPortfolioShare: `${formatRange(GOLD_BARS.portfolioSharePercent)}%`,
    cardPaymentSystem: CARDS.paymentSystem,
    cardCurrency: CARDS.currency,
    cardValidityYears: CARDS.validityYears,
    individualDaysOwnDetails: formatRange(WAITING_DAYS.individualWithIndividualDetails),
    individualDaysSharedDetails: formatRange(WAITING_DAYS.individualWithSharedDetails),
    corporateDays: formatRange(WAITING_DAYS.corporate),
    corporateDaysPersonalIban: formatRange(WAITING_DAYS.corporateWithPersonalIban),
    corporateDaysGeneral: formatRange(WAITING_DAYS.corporateGeneral),
    accountCurrencyCount: FIAT_CURRENCIES.length,
    walletCurrencies: CRYPTO_CURRENCIES.join(', '),
  };
}
