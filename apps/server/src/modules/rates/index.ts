/** The rates module's face: reference and offered rates, their feed, history and freshness. */
export { EcbFormatError, parseEcbDailyXml } from './ecb';
export { ecbFileApproval, proposedEcbFile } from './ecb-file-approval';
export type { EcbFilePayload } from './ecb-file-approval';
export { markRatesLoaded, ratesAreStale, refuseStaleRates } from './freshness';
export type { RatesAgeLimit } from './freshness';
export { rateTablesAt } from './history';
export { convertAtMidMinor, midRate, offeredRate, rateTableFrom } from './quote';
export type { RateTable } from './quote';
export { movesPastReference, rateApproval, spreadApproval } from './rate-approval';
export { RATES_REFRESH, refreshRatesJob } from './refresh';
export { default as rateRoutes } from './routes';
export { applyEcbRates, ECB_FEED, listRates, loadEcbFile, loadRateTable, loadReferenceTable, quote, setOperatorRate } from './service';
export type { EcbSource } from './service';
export { SNAPSHOT_PER_EUR } from './snapshot';
export type { RateTables } from './tables';

