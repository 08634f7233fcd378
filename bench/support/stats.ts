/** Latency percentiles in milliseconds (nearest-rank). */
export function percentile(sortedMs: Float64Array, fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil(fraction * sortedMs.length) - 1));
  return sortedMs[rank]!;
}

/** A growable list of latencies without boxing every number. */
export class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private size = 0;

  add(valueMs: number, times = 1): void {
    for (let index = 0; index < times; index += 1) {
      if (this.size === this.values.length) {
        const larger = new Float64Array(this.values.length * 2);
        larger.set(this.values);
        this.values = larger;
      }
      this.values[this.size++] = valueMs;
    }
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.size).sort();
  }
}
