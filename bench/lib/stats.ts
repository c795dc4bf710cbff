/** Every figure of the bench is reported as min / median / max over its runs. */
export interface Spread {
  runs: number;
  min: number;
  median: number;
  max: number;
}

export function spread(samples: readonly number[], digits = 1): Spread {
  if (samples.length === 0) return { runs: 0, min: Number.NaN, median: Number.NaN, max: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  const round = (value: number) => Number(value.toFixed(digits));
  return {
    runs: sorted.length,
    min: round(sorted[0] as number),
    median: round(median),
    max: round(sorted[sorted.length - 1] as number),
  };
}

export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}
