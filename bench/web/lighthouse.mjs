// One Lighthouse audit of a page with the default (mobile) settings: a mid-range phone's screen,
// 4x slower CPU and a slow 4G network, simulated from the page's own trace.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';

/** Full reports (JSON, open in the Lighthouse viewer) land here, ignored by git. */
const REPORT_DIR = 'bench/.out';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const METRICS = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
];

/** Audits that cost points: those scored below full marks (informative ones are left out). */
function missedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

export async function auditPage(url, { port, keepSession = false }) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // The cabinet is audited signed in: the session in local storage must survive; the cache is
    // emptied by the sign-in step instead.
    disableStorageReset: keepSession,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  mkdirSync(REPORT_DIR, { recursive: true });
  const reportFile = `${REPORT_DIR}/lighthouse-${new URL(url).pathname.replace(/\W+/g, '') || 'home'}.json`;
  writeFileSync(reportFile, JSON.stringify(lhr));
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    url: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)])),
    metrics: METRICS.map(([label, id, unit]) => ({ label, value: lhr.audits[id].numericValue, unit })),
    scriptBytes: requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    scriptCount: requests.filter((request) => request.resourceType === 'Script').length,
    missed: Object.fromEntries(CATEGORIES.map((id) => [id, missedAudits(lhr, id)])),
    warnings: lhr.runWarnings,
    reportFile,
    /** Lighthouse's measure of this machine's speed: about 1000+ on a typical desktop; a low one inflates TBT. */
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}
