// The statistics every part of the benchmark reports with, one definition for all of them.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Nearest-rank percentile of samples already sorted ascending. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

/** The median of a few numbers (Lighthouse runs): the middle one, or the mean of the two. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  if (sorted.length % 2 === 1) return sorted[middle] ?? NaN;
  return ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '–');
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** The machine's 1-minute load average: other work on the machine skews every timing. */
export const loadAverage = (): number => loadavg()[0] ?? NaN;

/**
 * Milliseconds on an absolute high-resolution clock that every thread of this process shares
 * (each thread's `performance.now()` counts from its own start; `timeOrigin` makes it absolute).
 */
export const clockMs = (): number => performance.timeOrigin + performance.now();
