/**
 * The shapes of a balance chart in a viewBox of `width` × `height`: the line through the days'
 * balances, oldest on the left, and the area under it down to the chart's floor. Positions are
 * screen coordinates, so the balances are read as floating-point numbers here and nowhere else:
 * a pixel cannot show a cent, and every figure written out stays the exact decimal text.
 */
export interface ChartShapes {
  line: string;
  area: string;
}

/** Room kept above the highest and below the lowest point, so the line never touches an edge. */
const MARGIN_RATIO = 0.08;

export function chartShapes(values: readonly string[], width: number, height: number): ChartShapes {
  if (values.length === 0) return { line: '', area: '' };
  const numbers = values.map(Number);
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  const margin = height * MARGIN_RATIO;
  const usable = height - 2 * margin;
  // A flat history is drawn across the middle rather than stuck to the floor or the ceiling.
  const y = (value: number) => (high === low ? height / 2 : margin + ((high - value) / (high - low)) * usable);
  // A single day is drawn as a level line across the whole width.
  const points: Array<[number, number]> =
    numbers.length === 1 ? [[0, y(numbers[0]!)], [width, y(numbers[0]!)]] : numbers.map((value, index) => [(index * width) / (numbers.length - 1), y(value)]);
  const line = `M${points.map(([x, top]) => `${round(x)},${round(top)}`).join('L')}`;
  const area = `${line}L${round(points[points.length - 1]![0])},${height}L${round(points[0]![0])},${height}Z`;
  return { line, area };
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
