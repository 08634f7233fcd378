// Proves the chart's shapes: one point a day from the left edge to the right, the highest balance
// nearest the top and the lowest nearest the floor, a flat or one-day history drawn level across
// the middle, and the area closed along the floor.
import { describe, expect, it } from 'vitest';
import { chartShapes } from './chartGeometry';

const pointsOf = (path: string) => path.replace(/^M/, '').split(/L|Z/).filter(Boolean).map((pair) => pair.split(',').map(Number) as [number, number]);

describe('chartShapes', () => {
  it('draws one point a day across the width, higher balances higher up', () => {
    const { line, area } = chartShapes(['100.00', '300.00', '200.00', '-50.00'], 300, 100);
    const points = pointsOf(line);
    expect(points.map(([x]) => x)).toEqual([0, 100, 200, 300]);
    const [first, highest, middle, lowest] = points.map(([, y]) => y) as [number, number, number, number];
    expect(highest).toBe(8);
    expect(lowest).toBe(92);
    expect(highest < middle && middle < first && first < lowest).toBe(true);
    expect(area.startsWith(line)).toBe(true);
    expect(area.endsWith('L300,100L0,100Z')).toBe(true);
  });

  it('draws a flat history and a single day level across the middle', () => {
    expect(pointsOf(chartShapes(['5.00', '5.00', '5.00'], 200, 60).line)).toEqual([[0, 30], [100, 30], [200, 30]]);
    expect(pointsOf(chartShapes(['5.00'], 200, 60).line)).toEqual([[0, 30], [200, 30]]);
  });

  it('draws nothing for no days', () => {
    expect(chartShapes([], 200, 60)).toEqual({ line: '', area: '' });
  });
});
