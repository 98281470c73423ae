import { performance } from 'node:perf_hooks';
import type { Row } from '../row';

/** A positive count from the environment (`BENCH_CONNECTIONS`, …), else `fallback`. */
export function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return value > 0 ? value : fallback;
}

/** The p-th percentile (nearest rank) of ascending values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One decimal, as the tables show milliseconds measured by the bench itself. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A request answered with another status than 200: counted as non-2xx, not as an error. */
export class StatusError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 300)}`);
  }
}

export interface LoopResult {
  /** milliseconds of the operations that succeeded, ascending */
  latencies: number[];
  errors: number;
  non2xx: number;
  firstError?: string;
}

/**
 * A closed loop: each worker runs one operation after the other until `seconds` have passed (the last
 * one started finishes, so nothing is in flight when it returns). `next(worker, n)` prepares the n-th
 * operation of a worker outside the clock and returns it; only the returned operation is timed.
 */
export async function closedLoop<W>(
  workers: readonly W[],
  seconds: number,
  next: (worker: W, n: number, index: number) => () => Promise<unknown>,
): Promise<LoopResult> {
  const result: LoopResult = { latencies: [], errors: 0, non2xx: 0 };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    workers.map(async (worker, index) => {
      for (let n = 0; performance.now() < until; n++) {
        const operation = next(worker, n, index);
        const started = performance.now();
        try {
          await operation();
          result.latencies.push(performance.now() - started);
        } catch (error) {
          if (error instanceof StatusError) result.non2xx++;
          else result.errors++;
          result.firstError ??= (error as Error).message;
        }
      }
    }),
  );
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** A table row of a closed loop (latencies measured by the bench, to a tenth of a millisecond). */
export function loopRow(scenario: string, result: LoopResult, seconds: number): Row & { extra?: string } {
  return {
    scenario,
    requests: result.latencies.length,
    rps: Math.round(result.latencies.length / seconds),
    p50: oneDecimal(percentile(result.latencies, 50)),
    p99: oneDecimal(percentile(result.latencies, 99)),
    errors: result.errors,
    non2xx: result.non2xx,
    extra: result.firstError ? `first error: ${result.firstError}` : undefined,
  };
}
