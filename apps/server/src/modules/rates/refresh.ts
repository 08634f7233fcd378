import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { addCalendarDays, bankDateOf, instantOnBankDate, isBankingDay, type JobContext, type JobDefinition } from '../jobs';
import { fetchEcbDailyRates, type EcbFetch } from './ecb';
import { ECB_FEED, loadEcbFile, type EcbFileLoaded } from './service';

/**
 * The daily refresh of the ECB reference rates (docs/time.md). The ECB publishes each business day's
 * file at about 16:00 in Frankfurt. The job runs every half hour, whatever the bank's zone, and
 * first asks whether a day newer than the stored one should be out by now: if not, it does nothing
 * (no download), so it is harmless to run at any time and a second run the same day is free. A
 * failed download throws, and the queue retries with backoff.
 *
 * The feed is the one source that loads an ECB file alone (docs/bank-controls.md#limits); a file
 * uploaded by hand waits for a second admin. The file goes through the checks of service.ts
 * loadEcbFile: not dated in the future, not older than the rates in use, not changing a day the feed
 * loaded already, no rate more than 2 % from the feed's last rate of its currency (a currency the
 * feed never quoted: within ten times the shipped snapshot). A day whose rates were loaded by hand
 * is fetched again once the ECB has published it, and the feed's file replaces the hand-loaded
 * rates: audited, and logged as a warning. A file that fails the checks is refused and audited,
 * never applied or proposed: a move that large needs two admins (the four-eyes rate change), and a
 * proposal made by the system would let one admin's approval alone re-price a currency. Until the
 * admins act, the rates age and are refused once stale (freshness.ts).
 */
export const RATES_REFRESH = 'rates.refresh';

const ECB_ZONE = 'Europe/Berlin';
const ECB_PUBLICATION_HOUR = 16;

/** The newest ECB business day whose file is out by `now` (the bank's holidays are not modelled). */
export function latestPublishedEcbDay(now: Date): string {
  let day = bankDateOf(now, ECB_ZONE);
  if (now < instantOnBankDate(day, ECB_PUBLICATION_HOUR, ECB_ZONE)) day = addCalendarDays(day, -1);
  while (!isBankingDay(day)) day = addCalendarDays(day, -1);
  return day;
}

/** The newest ECB day stored, and whether any of its rates came from a file loaded by hand (which the feed's file of that day replaces). */
async function newestEcbDay(db: Db): Promise<{ date: string | null; byHand: boolean }> {
  const { rows } = await sql<{ newest: string | null; by_hand: boolean | null }>`
    select max(ecb_rate_date)::text as newest,
      bool_or(feed_rate_date is distinct from ecb_rate_date) filter (where ecb_rate_date = (select max(ecb_rate_date) from fx_rates)) as by_hand
    from fx_rates`.execute(db);
  return { date: rows[0]?.newest ?? null, byHand: rows[0]?.by_hand === true };
}

export type RefreshOutcome =
  /** The newest published day is stored already: nothing fetched. */
  | { outcome: 'current'; date: string | null }
  /** Fetched, but the ECB has not published a newer day yet: the next run looks again. */
  | { outcome: 'unchanged'; date: string }
  | { outcome: 'loaded'; date: string }
  /** The file failed a check of loadEcbFile: nothing stored, audited once a day. */
  | { outcome: 'refused'; date: string; problem: string };

const REFUSED = 'rates.refreshRefused';

async function recordRefusal(db: Db, date: string, error: AppError): Promise<void> {
  const told = await db.selectFrom('audit_log').select('id').where('action', '=', REFUSED).where('subject_id', '=', date).executeTakeFirst();
  if (told) return;
  await recordAudit(db, {
    actorType: 'system',
    action: REFUSED,
    subjectType: 'rates',
    subjectId: date,
    after: { problem: error.fields?.xml ?? error.message, message: error.message, ...error.details },
  });
}

export async function refreshEcbRates(context: Pick<JobContext, 'db' | 'config' | 'clock' | 'log'>, fetchImpl?: EcbFetch): Promise<RefreshOutcome> {
  const now = context.clock.now();
  const stored = await newestEcbDay(context.db);
  const published = latestPublishedEcbDay(now);
  // A day loaded by hand is fetched again once the ECB has published it: the feed's file replaces it.
  if (stored.date !== null && (stored.date > published || (stored.date === published && !stored.byHand))) return { outcome: 'current', date: stored.date };
  const rates = await fetchEcbDailyRates(context.config.time.ecbRatesUrl, { fetchImpl });
  if (stored.date !== null && (rates.date < stored.date || (rates.date === stored.date && !stored.byHand))) return { outcome: 'unchanged', date: rates.date };
  let loaded: EcbFileLoaded;
  try {
    loaded = await loadEcbFile(context.db, rates, ECB_FEED, now);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
    await recordRefusal(context.db, rates.date, error);
    context.log.error({ date: rates.date, problem: error.fields?.xml, details: error.details }, 'the ECB file was refused: the rates were not refreshed');
    return { outcome: 'refused', date: rates.date, problem: error.fields?.xml ?? error.message };
  }
  if (loaded.replacedHandRates.length > 0) {
    context.log.warn({ date: rates.date, rates: loaded.replacedHandRates }, 'the ECB feed replaced rates of its day that were loaded by hand');
  }
  context.log.info({ date: rates.date, firstFeedRates: loaded.firstFeedRates.map((row) => row.currency) }, 'ECB rates refreshed');
  return { outcome: 'loaded', date: rates.date };
}

export const refreshRatesJob: JobDefinition = {
  name: RATES_REFRESH,
  cron: '*/30 * * * *',
  catchUpOnStart: true,
  async run(context) {
    await refreshEcbRates(context);
  },
};
