// Imported by file, and the answer's type only: the contracts' schemas would bring zod into the pages.
import type { DepositRatesInForce } from '@bank/contracts/deposits/index';
import { DEPOSIT_CURRENCIES, DEPOSIT_HISTORY_TIERS, DEPOSITS, type DepositRateTable } from '@bank/contracts/tariffs';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api';

/**
 * The deposit rate table in force, as the product prices from it (GET /api/deposit/rates), for the
 * public pages' figures. It is asked once per page load and kept here for every page the visitor
 * then opens. Until it arrives, and if the call fails, the pages print the tariff's own table
 * (DEPOSITS.ratesBasisPoints): the table in force until the back office first changes it, so the
 * first paint is the same figure for figure and nothing moves when the answer comes.
 */

let loaded: DepositRateTable | null = null;
let request: Promise<DepositRateTable | null> | null = null;

/**
 * The table of an answer, or null when any cell is not a positive whole number of basis points
 * (an answer from something other than this API): the pages then keep the tariff's figures rather
 * than print a broken one.
 */
export function rateTableOf(answer: unknown): DepositRateTable | null {
  const rates = (answer as Partial<DepositRatesInForce> | null)?.rates as Record<string, Record<string, unknown> | undefined> | undefined;
  const cellOf = (tier: string, currency: string) => rates?.[tier]?.[currency];
  const valid = everyCell((tier, currency) => {
    const cell = cellOf(tier, currency);
    return typeof cell === 'number' && Number.isInteger(cell) && cell > 0;
  });
  if (!valid) return null;
  // The tariff's own table when the figures are the same: the page then keeps the figures it has
  // worked out and drawn, and re-renders nothing, instead of making them again for an equal table.
  const tariff = DEPOSITS.ratesBasisPoints;
  return everyCell((tier, currency) => cellOf(tier, currency) === tariff[tier][currency]) ? tariff : (rates as unknown as DepositRateTable);
}

/** Whether `test` holds for every cell of a rate table: each history tier by each currency. */
function everyCell(test: (tier: (typeof DEPOSIT_HISTORY_TIERS)[number], currency: (typeof DEPOSIT_CURRENCIES)[number]) => boolean): boolean {
  return DEPOSIT_HISTORY_TIERS.every((tier) => DEPOSIT_CURRENCIES.every((currency) => test(tier, currency)));
}

/** The table in force, asked of the server on the first call only; null when it could not be read. */
export function loadDepositRates(): Promise<DepositRateTable | null> {
  request ??= apiRequest<unknown>('GET', 'deposit/rates').then(
    (answer) => (loaded = rateTableOf(answer)),
    () => null,
  );
  return request;
}

/** The table the public pages print: the tariff's until the one in force has been read. */
export function useDepositRates(): DepositRateTable {
  const [rates, setRates] = useState<DepositRateTable>(() => loaded ?? DEPOSITS.ratesBasisPoints);
  useEffect(() => {
    let mounted = true;
    void loadDepositRates().then((table) => {
      if (mounted && table) setRates(table);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return rates;
}
