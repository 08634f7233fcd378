// npm run bench:web: the web app's first-page weight and its Lighthouse audit.
//   1. Gzipped JavaScript of the first page ('/': entry + modulepreloads) and of every lazy chunk,
//      from the production build.
//   2. Lighthouse (mobile: a phone screen, 4x slower CPU, slow 4G) on '/', '/login' and '/kabinet'
//      signed in as the demo personal client, against the production server on a free local port
//      in Debian's Chromium; the first page's JavaScript is also measured as the bytes the browser
//      actually received (brotli from the server).
// Exit code 1 when the first page's JavaScript breaks its 100 kB budget; with BENCH_WEB_STRICT=1,
// also when a Lighthouse target is missed (scores move by a few points on a busy machine).
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { bundleSizes } from './web/bundle.mjs';
import { launchChromium } from './web/chromium.mjs';
import { CATEGORIES, auditPage } from './web/lighthouse.mjs';
import { startServer } from './web/server.mjs';
import { DEMO_CLIENT, signInInBrowser } from './web/session.mjs';

const BUDGET_KB = 100;
const TARGETS = {
  '/': { performance: 95, accessibility: 100 },
  '/login': { performance: 95, accessibility: 100 },
  '/kabinet': { performance: 90, accessibility: 100 },
};
const strict = process.env.BENCH_WEB_STRICT === '1';

buildIfStale({ quiet: true });
const bundle = bundleSizes('apps/web/dist');
console.log(`Web bundle, ${new Date().toISOString().slice(0, 10)}`);
console.log(`first page '/': ${bundle.initialKb.toFixed(1)} kB gzipped in ${bundle.initial.length} file(s) (budget ${BUDGET_KB} kB)`);
console.log('lazy chunks (gzipped):');
for (const { file, kb } of bundle.lazy) console.log(`  ${kb.toFixed(1).padStart(6)} kB  ${file}`);

const misses = [];
let wireKb = null;
const server = await startServer();
let browser = null;
try {
  browser = await launchChromium();
  console.log(`\nLighthouse (mobile preset) against ${server.baseUrl}`);
  for (const page of Object.keys(TARGETS)) {
    const signedIn = page === '/kabinet';
    if (signedIn) await signInInBrowser({ port: browser.port, server, ...DEMO_CLIENT });
    const report = await auditPage(`${server.baseUrl}${page}`, { port: browser.port, keepSession: signedIn });
    if (signedIn && !new URL(report.url).pathname.startsWith('/kabinet')) {
      throw new Error(`The cabinet audit ended at ${report.url}: the session did not hold`);
    }
    console.log(`\n${page}${signedIn ? ` (signed in as ${DEMO_CLIENT.email})` : ''}`);
    for (const category of CATEGORIES) {
      const score = report.scores[category];
      const target = TARGETS[page][category];
      const verdict = target === undefined ? '' : score >= target ? `  pass (≥ ${target})` : `  MISS (target ≥ ${target})`;
      if (target !== undefined && score < target) misses.push(`${page} ${category} ${score} < ${target}`);
      console.log(`  ${category.padEnd(15)} ${String(score).padStart(3)}${verdict}`);
      if (score < 100 && report.missed[category].length > 0) console.log(`    losing points: ${report.missed[category].join(', ')}`);
    }
    console.log(`  ${report.metrics.map(({ label, value, unit }) => `${label} ${unit ? `${Math.round(value)} ${unit}` : value.toFixed(3)}`).join(', ')}`);
    console.log(`  JavaScript over the wire: ${(report.scriptBytes / 1024).toFixed(1)} kB in ${report.scriptCount} file(s)`);
    for (const warning of report.warnings) console.log(`  warning: ${warning}`);
    console.log(`  machine benchmark index ${Math.round(report.benchmarkIndex)}; full report ${report.reportFile}`);
    if (page === '/') wireKb = report.scriptBytes / 1024;
  }
} finally {
  await browser?.close();
  await server.stop();
}

const jsPass = bundle.initialKb <= BUDGET_KB && wireKb <= BUDGET_KB;
console.log('\nTargets');
console.log(`  first page JavaScript: ${bundle.initialKb.toFixed(1)} kB gzipped, ${wireKb.toFixed(1)} kB over the wire  ${jsPass ? 'pass' : 'MISS'} (≤ ${BUDGET_KB} kB)`);
console.log(`  Lighthouse: ${misses.length === 0 ? 'all targets met' : `${misses.length} missed: ${misses.join('; ')}`}`);
if (misses.length > 0 && !strict) console.log('  (set BENCH_WEB_STRICT=1 to fail the run on a missed Lighthouse target)');
process.exit(jsPass && (!strict || misses.length === 0) ? 0 : 1);
