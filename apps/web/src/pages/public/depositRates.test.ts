// Proves that the public pages print the deposit rate table they are given, not the tariff's: every
// rate and both "up to" figures follow the table, with the decimals a rate has, in EN and RU; and
// that the table in force is asked of the server once per page load, kept, and replaced by nothing
// (so the pages keep the tariff's figures) when the call fails or answers something else.
import { DEPOSITS, type DepositRateTable } from '@bank/contracts/tariffs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicFigures } from './figures';

const repriced: DepositRateTable = { withHistory: { EUR: 1175, USD: 1250 }, withoutHistory: { EUR: 1025, USD: 1090 } };

describe('the deposit figures of the public pages', () => {
  it('come from the table given', () => {
    const en = publicFigures('en', repriced);
    expect([en.depositRateEurWithHistory, en.depositRateUsdWithHistory, en.depositRateEurWithoutHistory, en.depositRateUsdWithoutHistory]).toEqual([
      '11.75%',
      '12.5%',
      '10.25%',
      '10.9%',
    ]);
    // "Up to" is the highest rate of each row: 10.9 % for a new client, 12.5 % for a long-standing one.
    expect([en.depositRateNewClients, en.depositRateLongTermClients]).toEqual(['10.9%', '12.5%']);
    const ru = publicFigures('ru', repriced);
    expect([ru.depositRateEurWithHistory, ru.depositRateNewClients, ru.depositRateLongTermClients]).toEqual(['11,75%', '10,9%', '12,5%']);
  });

  it("read the tariff's table as before when given it", () => {
    const en = publicFigures('en', DEPOSITS.ratesBasisPoints);
    expect([en.depositRateEurWithoutHistory, en.depositRateUsdWithoutHistory, en.depositRateNewClients, en.depositRateLongTermClients]).toEqual(['10%', '11%', '11%', '12%']);
  });

  it('leave every other figure alone', () => {
    const rateFigures = new Set(['depositRateEurWithHistory', 'depositRateUsdWithHistory', 'depositRateEurWithoutHistory', 'depositRateUsdWithoutHistory', 'depositRateNewClients', 'depositRateLongTermClients']);
    const others = (figures: Record<string, unknown>) => Object.fromEntries(Object.entries(figures).filter(([key]) => !rateFigures.has(key)));
    expect(others(publicFigures('en', repriced))).toEqual(others(publicFigures('en', DEPOSITS.ratesBasisPoints)));
  });
});

describe('the table in force', () => {
  let answers: Array<() => Response>;
  let paths: string[];

  beforeEach(() => {
    vi.resetModules();
    answers = [];
    paths = [];
    vi.stubGlobal('window', { location: { origin: 'http://bank.test' } });
    vi.stubGlobal('fetch', async (url: URL) => {
      paths.push(url.pathname);
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** A fresh copy of the module, as a new page load has. */
  const freshModule = () => import('./depositRates');
  const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('is asked once per page load and kept', async () => {
    answers.push(json({ rates: repriced, since: '2026-02-01T09:00:00.000Z' }));
    const { loadDepositRates } = await freshModule();
    expect(await loadDepositRates()).toEqual(repriced);
    expect(await loadDepositRates()).toEqual(repriced);
    expect(paths).toEqual(['/api/deposit/rates']);
  });

  it("is the tariff's own table, the same object, when its figures are the tariff's", async () => {
    // The page then keeps the figures it worked out and drew: nothing is made again or re-rendered.
    answers.push(json({ rates: structuredClone(DEPOSITS.ratesBasisPoints), since: null }));
    const { loadDepositRates } = await freshModule();
    const { DEPOSITS: tariff } = await import('@bank/contracts/tariffs');
    expect(await loadDepositRates()).toBe(tariff.ratesBasisPoints);
  });

  it('is none when the call fails, is refused or answers something else', async () => {
    expect(await (await freshModule()).loadDepositRates()).toBeNull();
    vi.resetModules();
    answers.push(json({ code: 'RATE_LIMITED', message: 'Too many requests' }, 429));
    expect(await (await freshModule()).loadDepositRates()).toBeNull();
    vi.resetModules();
    answers.push(() => new Response('<!doctype html><title>Bank</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(await (await freshModule()).loadDepositRates()).toBeNull();
    vi.resetModules();
    answers.push(json({ rates: { ...repriced, withoutHistory: { EUR: 10.25, USD: 1090 } }, since: null }));
    expect(await (await freshModule()).loadDepositRates()).toBeNull();
    expect(paths).toHaveLength(4);
  });
});
