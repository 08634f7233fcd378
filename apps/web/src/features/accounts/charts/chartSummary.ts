import { decimalToMinor, type Currency } from '@bank/contracts/money';

/** A figure of a chart and the day it is of. */
export interface DayFigure {
  day: string;
  value: string;
}

/** What a chart's text alternative says: its first and last figures and its lowest and highest ones. */
export interface ChartSummary {
  first: DayFigure;
  last: DayFigure;
  lowest: DayFigure;
  highest: DayFigure;
}

/**
 * The summary of a series of days and figures (both oldest first), compared exactly in the
 * currency's minor units; a low or high reached on several days is named by the first of them.
 * Null for an empty series.
 */
export function summarizeSeries(days: readonly string[], values: readonly string[], currency: Currency): ChartSummary | null {
  if (days.length === 0 || values.length !== days.length) return null;
  const figures = days.map((day, index) => ({ day, value: values[index]!, minor: decimalToMinor(values[index]!, currency) }));
  let lowest = figures[0]!;
  let highest = figures[0]!;
  for (const figure of figures) {
    if (figure.minor < lowest.minor) lowest = figure;
    if (figure.minor > highest.minor) highest = figure;
  }
  const plain = ({ day, value }: DayFigure) => ({ day, value });
  return { first: plain(figures[0]!), last: plain(figures[figures.length - 1]!), lowest: plain(lowest), highest: plain(highest) };
}
