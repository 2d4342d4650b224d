/**
 * The endpoints under load, each driven by autocannon over real HTTP. Every request picks the next
 * load user's token (and, where there is one, the next body), so the work spreads over users and
 * rows as real traffic would. Latencies are recorded per response at full resolution (autocannon's
 * own histogram keeps whole milliseconds).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { ownerOf, userId, vehicleId, vehicleNumber } from './population';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Headers and body of request n. */
  request(n: number): { headers: Record<string, string>; body?: string };
}

export interface Measurement {
  endpoint: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  errors: number;
  /** The machine's 1-minute load average after the run (other work on it skews the numbers). */
  loadAverage: number;
  /**
   * The servers' own CPU time per answered request (the database's share is not in it): the machine's
   * other work moves it less than it moves the throughput, though contention costs CPU too.
   */
  serverCpuMsPerRequest?: number;
  /** Answers by status code, when any was not 2xx. */
  statuses?: Record<string, number>;
}

/** A cheap, well-spread sequence of vehicle indices in 1…n for request k (a multiplicative hash). */
const spread = (k: number, n: number) => (Math.imul(k + 1, 2654435761) >>> 0) % n;

export const FLOOR = 'GET /api/config (floor)';
export const SEARCH = 'POST getVehicleOwner';

export function scenarios(vehicles: number, tokens: string[]): Scenario[] {
  const auth = (n: number) => ({ authorization: `Bearer ${tokens[n % tokens.length]}` });
  const json = (n: number) => ({ ...auth(n), 'content-type': 'application/json' });
  const signedInGet = (name: string, path: string): Scenario => ({
    name,
    method: 'GET',
    path,
    request: (n) => ({ headers: auth(n) }),
  });
  return [
    { name: FLOOR, method: 'GET', path: '/api/config', request: () => ({ headers: {} }) },
    {
      // Even requests find a registered vehicle, odd ones a well-formed number nobody registered.
      name: SEARCH,
      method: 'POST',
      path: '/api/users/getVehicleOwner',
      request: (n) => {
        const index = 1 + spread(n, vehicles) + (n % 2 === 0 ? 0 : vehicles);
        return {
          headers: json(n),
          body: JSON.stringify({ vehicleNumber: vehicleNumber(index).toUpperCase() }),
        };
      },
    },
    signedInGet('GET getMyVehicles', '/api/users/getMyVehicles'),
    signedInGet('GET validateUser', '/api/users/validateUser'),
    signedInGet('GET unreadNotifications', '/api/users/unreadNotifications'),
    {
      // Sender n's message about a vehicle of someone else, a different one each time.
      name: 'POST sendMessage',
      method: 'POST',
      path: '/api/users/sendMessage',
      request: (n) => {
        const sender = (n % tokens.length) + 1;
        let vehicle = 1 + spread(n, vehicles);
        if (ownerOf(vehicle, vehicles) === sender) vehicle = (vehicle % vehicles) + 1;
        const body = {
          userId: userId(ownerOf(vehicle, vehicles)),
          vehicleId: vehicleId(vehicle),
          message: 'Your vehicle is blocking my gate. Please move it.',
        };
        return { headers: json(n), body: JSON.stringify(body) };
      },
    },
  ];
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

async function run(
  url: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
  next: () => number,
  latencies: number[],
): Promise<autocannon.Result> {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        requests: [
          {
            method: scenario.method,
            path: scenario.path,
            setupRequest: (request) => ({ ...request, ...scenario.request(next()) }),
          },
        ],
      },
      (error: unknown, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Loads `urls` (instances of one deployment) at once, the connections shared out among them. */
export async function measure(
  urls: string[],
  scenario: Scenario,
  options: { connections: number; seconds: number },
): Promise<Measurement> {
  let n = 0;
  const latencies: number[] = [];
  const connections = Math.max(1, Math.round(options.connections / urls.length));
  const results = await Promise.all(
    urls.map((url) => run(url, scenario, { ...options, connections }, () => n++, latencies)),
  );
  const sum = (of: (result: autocannon.Result) => number) =>
    results.reduce((total, result) => total + of(result), 0);
  const duration = Math.max(...results.map((result) => result.duration));
  const non2xx = sum((result) => result.non2xx);
  const sorted = Float64Array.from(latencies).sort();
  return {
    endpoint: scenario.name,
    requests: latencies.length,
    rps: latencies.length / duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: non2xx + sum((result) => result.errors + result.timeouts),
    loadAverage: os.loadavg()[0] ?? Number.NaN,
    ...(non2xx > 0 && {
      statuses: results.reduce<Record<string, number>>((statuses, result) => {
        for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
          statuses[status] = (statuses[status] ?? 0) + (stats.count ?? 0);
        return statuses;
      }, {}),
    }),
  };
}
