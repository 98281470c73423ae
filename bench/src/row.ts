import type { Result } from 'autocannon';

/** One line of a bench table: what autocannon measured for a scenario. */
export interface Row {
  scenario: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export function row(scenario: string, result: Result): Row {
  return {
    scenario,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
