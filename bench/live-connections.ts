/**
 * `npm run soak:live`: the real server (server/main.ts) holds 1 000 live-notification streams
 * open for 60 s while notifications are published to them; its memory must stay bounded.
 *
 * 200 users are stored with a session and a vehicle each, straight into a fresh database (PGlite in a temporary
 * folder, or a fresh PostgreSQL database when DATABASE_URL is set, as in CI); each opens 5 streams
 * (LIVE_STREAMS_PER_USER's default) over loopback with node:http. The heartbeat runs every second
 * instead of every 25 s, so the streams see 60 000 writes. Every 2 s notifications go to 25 users
 * through POST /api/users/sendNotification, and each must reach all 5 streams of its receiver. The
 * server's resident memory (VmRSS of /proc/<pid>/status) is sampled every 3 s.
 *
 * The bound: what 1 000 open streams cost is paid during a 15 s warm-up; after it, the lowest RSS of the
 * last 15 s may exceed the lowest RSS of the 15 s after the warm-up by at most 30 MB, and no sample may
 * exceed that early floor by more than 100 MB. The server runs with V8's memory reducer off: it shrank
 * the heap by 40-80 MB at random moments once allocation slowed (to below the RSS at the start), and a
 * shrink inside the early window made the floor look like it grew 34 MB as the heap filled back (one
 * CI failure). Without it, on PostgreSQL: floor growth 9.9-10.5 MB in three runs; with 1 KB kept per
 * heartbeat (a deliberate leak, `Buffer.alloc(1024)`) it was 43.6 MB, and the script failed.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Config } from '../server/config';
import {
  fakeDist,
  freePort,
  spawnServer,
  tempDir,
  type ServerProcess,
} from '../server/testing/server-process';
import { openStream, seedAccounts, type Account, type LiveStream } from './live-streams';

const USERS = 200;
const STREAMS_PER_USER = 5;
const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
/** How long the streams are held; 60 s in CI, longer by hand (`npm run soak:live -- --seconds 600`). */
const HOLD_MS = Number(args.seconds) * 1000;
const WARM_UP_MS = 15_000;
const SAMPLE_EVERY_MS = 3_000;
const PUBLISH_EVERY_MS = 2_000;
const RECEIVERS_PER_ROUND = 25;
const HEARTBEAT_MS = 1_000;
const FLOOR_WINDOW_MS = 15_000;
const FLOOR_GROWTH_BOUND_MB = 30;
const PEAK_BOUND_MB = 100;
const DELIVERY_WAIT_MS = 5_000;

interface Stream extends LiveStream {
  received: Set<string>;
  heartbeats: number;
}

interface Sample {
  at: number;
  rssMb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SoakDatabase {
  kind: string;
  config: Config['database'];
  /** What tells the server where it is. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh database: a PGlite folder, or a new database on the PostgreSQL server of DATABASE_URL. */
async function freshDatabase(): Promise<SoakDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await tempDir('soak-data');
    return {
      kind: 'PGlite',
      config: { kind: 'pglite', dataDir },
      env: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `soak_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    config: { kind: 'postgres', url: url.toString() },
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error('no VmRSS in /proc status');
  return kb / 1024;
}

/** A stream that counts the notifications and heartbeats that arrive. */
function countingStream(base: URL, user: Account): Stream {
  const opened = openStream(
    base,
    user,
    ({ event, data }) => {
      if (event === 'notification') stream.received.add((JSON.parse(data) as { _id: string })._id);
    },
    () => (stream.heartbeats += 1),
  );
  // The callbacks run only once frames arrive, after this line.
  const stream: Stream = Object.assign(opened, { received: new Set<string>(), heartbeats: 0 });
  return stream;
}

async function publish(base: URL, sender: Account, receiver: Account, round: number): Promise<string> {
  const response = await fetch(new URL('/api/users/sendNotification', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      receiverId: receiver.id,
      title: 'Vehicle Notification',
      body: `Soak round ${round}: ${receiver.vehicleNumber}`,
    }),
  });
  if (response.status !== 201)
    throw new Error(`sendNotification answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { _id: string })._id;
}

async function main(): Promise<boolean> {
  const startedAt = Date.now();
  const database = await freshDatabase();
  const distDir = await fakeDist();
  let server: ServerProcess | undefined;
  const streams: Stream[] = [];
  try {
    const [sender, ...receivers] = await seedAccounts(database.config, USERS + 1);
    if (!sender) throw new Error('no sender seeded');
    server = spawnServer(
      {
        ...database.env,
        DIST_DIR: distDir,
        LOG_LEVEL: 'warn',
        LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
        LIVE_STREAMS_PER_USER: String(STREAMS_PER_USER),
        SENDS_PER_SENDER_MINUTE: '100000',
        SENDS_PER_PAIR_10_MINUTES: '100000',
      },
      await freePort(),
      { nodeArgs: ['--no-memory-reducer'] },
    );
    const base = new URL(server.url);
    for (let ready = false; !ready; await sleep(200)) {
      ready = (await fetch(new URL('/api/health', base)).catch(() => undefined))?.ok === true;
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.stderr()}`);
    }
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('no server pid');
    console.log(`soak:live on ${database.kind}: server pid ${pid}, RSS at start ${rssMb(pid).toFixed(1)} MB`);

    for (const user of receivers)
      for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(countingStream(base, user));
    await Promise.all(streams.map((stream) => stream.ready));
    console.log(
      `${streams.length} streams open and ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );

    const samples: Sample[] = [];
    const expected = new Map<string, Account>();
    const holdStart = Date.now();
    const sampler = setInterval(
      () => samples.push({ at: Date.now() - holdStart, rssMb: rssMb(pid) }),
      SAMPLE_EVERY_MS,
    );
    samples.push({ at: 0, rssMb: rssMb(pid) });
    let round = 0;
    while (Date.now() - holdStart < HOLD_MS) {
      round += 1;
      const chosen = Array.from(
        { length: RECEIVERS_PER_ROUND },
        (_, i) => receivers[(round * 37 + i * 11) % receivers.length]!,
      );
      const ids = await Promise.all(chosen.map((receiver) => publish(base, sender, receiver, round)));
      ids.forEach((id, i) => expected.set(id, chosen[i]!));
      await sleep(Math.min(PUBLISH_EVERY_MS, HOLD_MS - (Date.now() - holdStart)));
    }
    clearInterval(sampler);
    samples.push({ at: Date.now() - holdStart, rssMb: rssMb(pid) });

    // Delivery: every notification on all 5 streams of its receiver (a little time for the last round).
    const missing = () =>
      [...expected].reduce(
        (count, [id, receiver]) =>
          count + streams.filter((stream) => stream.user === receiver && !stream.received.has(id)).length,
        0,
      );
    for (const deadline = Date.now() + DELIVERY_WAIT_MS; missing() > 0 && Date.now() < deadline;)
      await sleep(100);
    const delivered = expected.size * STREAMS_PER_USER - missing();
    const ended = streams.filter((stream) => stream.ended).length;
    const heartbeats = streams.reduce((sum, stream) => sum + stream.heartbeats, 0);

    const floor = (from: number, to: number) =>
      Math.min(
        ...samples.filter((sample) => sample.at > from && sample.at <= to).map((sample) => sample.rssMb),
      );
    const early = floor(WARM_UP_MS, WARM_UP_MS + FLOOR_WINDOW_MS);
    const late = floor(HOLD_MS - FLOOR_WINDOW_MS, Number.POSITIVE_INFINITY);
    const peak = Math.max(
      ...samples.filter((sample) => sample.at > WARM_UP_MS).map((sample) => sample.rssMb),
    );
    const floorGrowth = late - early;

    console.log(
      'RSS samples (s: MB):',
      samples.map((s) => `${(s.at / 1000).toFixed(0)}: ${s.rssMb.toFixed(1)}`).join(', '),
    );
    console.log(
      `streams ${streams.length}, ended early ${ended}; notifications ${expected.size} in ${round} rounds, ` +
        `frames delivered ${delivered}/${expected.size * STREAMS_PER_USER}; heartbeats ${heartbeats}`,
    );
    console.log(
      `RSS floor after the warm-up ${early.toFixed(1)} MB, in the last 15 s ${late.toFixed(1)} MB: ` +
        `growth ${floorGrowth.toFixed(1)} MB (bound ${FLOOR_GROWTH_BOUND_MB} MB); ` +
        `peak ${peak.toFixed(1)} MB, ${(peak - early).toFixed(1)} MB over the floor (bound ${PEAK_BOUND_MB} MB)`,
    );

    const failures = [
      ended > 0 && `${ended} streams ended while held`,
      missing() > 0 && `${missing()} notification frames never arrived`,
      heartbeats < streams.length && `only ${heartbeats} heartbeats for ${streams.length} streams`,
      floorGrowth > FLOOR_GROWTH_BOUND_MB &&
        `the RSS floor rose ${floorGrowth.toFixed(1)} MB while held (bound ${FLOOR_GROWTH_BOUND_MB} MB)`,
      peak - early > PEAK_BOUND_MB &&
        `the RSS peaked ${(peak - early).toFixed(1)} MB over its floor (bound ${PEAK_BOUND_MB} MB)`,
    ].filter((failure): failure is string => typeof failure === 'string');
    for (const failure of failures) console.error(`FAIL: ${failure}`);
    console.log(
      `${failures.length === 0 ? 'PASS' : 'FAIL'} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    return failures.length === 0;
  } finally {
    for (const stream of streams) stream.request.destroy();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await database.drop();
    await rm(distDir, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
