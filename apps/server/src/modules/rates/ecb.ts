import { CURRENCIES, isDecimalText, type Currency } from '@bank/contracts';

/**
 * Adapter for the ECB's daily euro reference rates (eurofxref-daily.xml): units of each currency
 * per 1 EUR for one business day. The format is small and fixed (nested <Cube> elements with
 * attributes), so it is read with patterns rather than a general XML parser.
 */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface EcbDailyRates {
  /** The business day of the rates, YYYY-MM-DD. */
  date: string;
  /** Every currency in the file: code → units per 1 EUR as the ECB wrote it. */
  perEur: Record<string, string>;
}

const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`);

function attribute(element: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(element);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Whether `text` is YYYY-MM-DD naming a day that exists: 2100-02-30 has the shape but no such day, and the date column refuses it. */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

export class EcbFormatError extends Error {
  override name = 'EcbFormatError';
}

/** Parses the daily file; throws EcbFormatError when it is not one. */
export function parseEcbDailyXml(xml: string): EcbDailyRates {
  if (!/<gesmes:Envelope\b/.test(xml) || !/eurofxref/.test(xml)) throw new EcbFormatError('Not an ECB euro reference rate file');
  let date: string | undefined;
  const perEur: Record<string, string> = {};
  for (const [element] of xml.matchAll(/<Cube\b[^>]*>/g)) {
    const time = attribute(element, 'time');
    if (time !== undefined) {
      if (date !== undefined) throw new EcbFormatError('More than one day in a daily file');
      if (!isCalendarDate(time)) throw new EcbFormatError(`Bad date ${time}`);
      date = time;
      continue;
    }
    const currency = attribute(element, 'currency');
    const rate = attribute(element, 'rate');
    if (currency === undefined && rate === undefined) continue;
    if (!currency || !/^[A-Z]{3}$/.test(currency) || !rate || !isDecimalText(rate) || /^0*\.?0*$/.test(rate)) {
      throw new EcbFormatError(`Bad rate element ${element}`);
    }
    perEur[currency] = rate;
  }
  if (!date) throw new EcbFormatError('No date in the file');
  if (Object.keys(perEur).length === 0) throw new EcbFormatError('No rates in the file');
  return { date, perEur };
}

/** The rates of the file for the currencies the bank keeps (the ECB does not quote RUB, AED or crypto). */
export function bankCurrencyRates(rates: EcbDailyRates): Partial<Record<Currency, string>> {
  const result: Partial<Record<Currency, string>> = {};
  for (const currency of CURRENCIES) {
    const rate = rates.perEur[currency];
    if (currency !== 'EUR' && rate !== undefined) result[currency] = rate;
  }
  return result;
}

/** What fetching needs of `fetch` (tests pass their own). */
export type EcbFetch = (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/**
 * Downloads and parses the latest daily file from `url` (the refresh job's ECB_RATES_URL), giving up
 * after `timeoutMs`. A failed answer or a file that is not one throws, so the job is retried.
 */
export async function fetchEcbDailyRates(url: string = ECB_DAILY_URL, options: { fetchImpl?: EcbFetch; timeoutMs?: number } = {}): Promise<EcbDailyRates> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  if (!response.ok) throw new EcbFormatError(`The ECB answered ${response.status}`);
  return parseEcbDailyXml(await response.text());
}
