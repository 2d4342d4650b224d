/**
 * `npm run bench:delivery`: how fast a message reaches its receiver's screen, and an answer its
 * sender's. Two instances of the real server (`npm start`'s defaults, bench/server.ts) on one fresh
 * PostgreSQL database (DATABASE_URL's server); 200 users each hold 5 live streams, alternately on
 * either instance (1 000 streams). For `--seconds`, 20 messages a second go from one user to another
 * user's vehicle through POST sendMessage, alternately on either instance, and each receiver answers
 * through POST replyToNotification as soon as its first stream shows the message. Timed: from the
 * send's answer to each of the receiver's 5 streams showing it, and from the reply's answer to each
 * of the sender's 5 streams showing it; against `GET /api/config` asked 20 times a second of both
 * instances under the same load (the floor). Every frame must arrive exactly once.
 */
import { parseArgs } from 'node:util';
import { createDatabase } from './databases';
import { openStream, seedAccounts, type Account, type LiveStream } from './live-streams';
import { startServer, type BenchServer } from './server';

const USERS = 200;
const STREAMS_PER_USER = 5;
const SENDS_PER_SECOND = 20;
const DELIVERY_WAIT_MS = 10_000;
const OPENING_AT_ONCE = 50;

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '30' } } });
const seconds = Number(args.seconds);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl || !Number.isFinite(seconds) || seconds <= 0) {
  console.error('Usage: DATABASE_URL=postgres://… npm run bench:delivery -- [--seconds 30]');
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Arrival times (performance.now()) of one kind of frame, by item id, on every stream of each user. */
class Arrivals {
  readonly byItem = new Map<string, number[]>();
  duplicates = 0;
  private readonly seen = new Set<string>();

  record(streamIndex: number, itemId: string, at: number): void {
    const key = `${streamIndex}:${itemId}`;
    if (this.seen.has(key)) {
      this.duplicates += 1;
      return;
    }
    this.seen.add(key);
    const times = this.byItem.get(itemId) ?? [];
    times.push(at);
    this.byItem.set(itemId, times);
  }
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

async function post(server: BenchServer, path: string, token: string, body: unknown) {
  const response = await fetch(`${server.url}/api/users/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { _id: string };
}

const database = await createDatabase('postgres', adminUrl);
const servers: BenchServer[] = [];
const streams: LiveStream[] = [];
try {
  const accounts = await seedAccounts(database.config, USERS);
  servers.push(await startServer(database.env), await startServer(database.env));
  const messages = new Arrivals();
  const answers = new Arrivals();
  /** Sent message id → when its send was answered, and who answers it. */
  const sent = new Map<string, { answeredAt: number; sender: Account; receiver: Account }>();
  /** Message id → when the reply to it was answered. */
  const replied = new Map<string, number>();
  const replies: Promise<void>[] = [];
  const failures: string[] = [];

  const reply = (messageId: string, receiver: Account, index: number) => {
    const server = servers[index % servers.length]!;
    replies.push(
      post(server, 'replyToNotification', receiver.token, { notificationId: messageId, kind: 'coming_now' })
        .then(() => void replied.set(messageId, performance.now()))
        .catch((error: unknown) => void failures.push(String(error))),
    );
  };

  for (const [userIndex, user] of accounts.entries()) {
    for (let copy = 0; copy < STREAMS_PER_USER; copy++) {
      const streamIndex = userIndex * STREAMS_PER_USER + copy;
      const base = new URL(servers[streamIndex % servers.length]!.url);
      streams.push(
        openStream(base, user, ({ event, data }) => {
          const at = performance.now();
          const item = JSON.parse(data) as { _id: string; reply?: unknown };
          if (event === 'notification') {
            const first = !messages.byItem.has(item._id);
            messages.record(streamIndex, item._id, at);
            if (first) reply(item._id, user, streamIndex);
          } else if (event === 'request' && item.reply) {
            answers.record(streamIndex, item._id, at);
          }
        }),
      );
    }
    // People open the app over time, not 1 000 at once: 10 users' streams at a time.
    if (streams.length % OPENING_AT_ONCE === 0) {
      await Promise.all(streams.slice(-OPENING_AT_ONCE).map((stream) => stream.ready));
    }
  }
  await Promise.all(streams.map((stream) => stream.ready));
  console.log(`${streams.length} live streams open on ${servers.length} instances`);

  const floor: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; performance.now() - started < seconds * 1000; n++) {
    const sender = accounts[n % USERS]!;
    const receiver = accounts[(n * 7 + 1 + Math.floor(n / USERS)) % USERS]!;
    const server = servers[n % servers.length]!;
    if (receiver !== sender) {
      pending.push(
        post(server, 'sendMessage', sender.token, {
          userId: receiver.id,
          vehicleId: receiver.vehicleId,
          message: 'Your vehicle is blocking my gate. Please move it.',
        })
          .then(({ _id }) => void sent.set(_id, { answeredAt: performance.now(), sender, receiver }))
          .catch((error: unknown) => void failures.push(String(error))),
      );
    }
    const asked = performance.now();
    pending.push(
      fetch(`${server.url}/api/config`)
        .then(async (response) => {
          await response.arrayBuffer();
          floor.push(performance.now() - asked);
        })
        .catch((error: unknown) => void failures.push(String(error))),
    );
    await sleep(Math.max(0, started + ((n + 1) * 1000) / SENDS_PER_SECOND - performance.now()));
  }
  await Promise.all(pending);
  const complete = () =>
    [...sent.keys()].every(
      (id) =>
        messages.byItem.get(id)?.length === STREAMS_PER_USER &&
        answers.byItem.get(id)?.length === STREAMS_PER_USER,
    );
  for (const deadline = performance.now() + DELIVERY_WAIT_MS; !complete() && performance.now() < deadline;)
    await sleep(100);
  await Promise.all(replies);

  const latencies = (arrivals: Arrivals, from: (id: string) => number | undefined) =>
    [...sent.keys()].flatMap((id) => {
      const since = from(id);
      return since === undefined ? [] : (arrivals.byItem.get(id) ?? []).map((at) => at - since);
    });
  const expected = sent.size * STREAMS_PER_USER;
  const lost = (arrivals: Arrivals) =>
    expected - [...sent.keys()].reduce((sum, id) => sum + (arrivals.byItem.get(id)?.length ?? 0), 0);
  const rows = [
    { what: 'GET /api/config (floor)', ...summary(floor), lost: 0, duplicates: 0 },
    {
      what: 'send answered → receiver’s live frame',
      ...summary(latencies(messages, (id) => sent.get(id)?.answeredAt)),
      lost: lost(messages),
      duplicates: messages.duplicates,
    },
    {
      what: 'reply answered → sender’s live frame',
      ...summary(latencies(answers, (id) => replied.get(id))),
      lost: lost(answers),
      duplicates: answers.duplicates,
    },
  ];
  console.log(
    `\n${sent.size} messages in ${seconds} s (${SENDS_PER_SECOND}/s), ${streams.length} streams, 2 instances on PostgreSQL\n`,
  );
  console.log(
    '| what | frames | p50 ms | p99 ms | lost | duplicates |\n| --- | --- | --- | --- | --- | --- |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.what} | ${row.count} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.lost} | ${row.duplicates} |`,
    );
  }
  const [base, ...timed] = rows;
  console.log('\n| target | measured (× the floor; frames) | met |\n| --- | --- | --- |');
  for (const row of timed) {
    const targets = [
      {
        what: `${row.what}: p50 ≤ the floor's p50`,
        measured: row.p50 / base!.p50,
        met: row.p50 <= base!.p50,
      },
      {
        what: `${row.what}: p99 ≤ 2 × the floor's p99`,
        measured: row.p99 / base!.p99,
        met: row.p99 <= 2 * base!.p99,
      },
      {
        what: `${row.what}: none lost, none twice`,
        measured: row.lost + row.duplicates,
        met: row.lost + row.duplicates === 0,
      },
    ];
    for (const target of targets)
      console.log(`| ${target.what} | ${target.measured.toFixed(2)} | ${target.met ? 'yes' : '**no**'} |`);
  }
  for (const failure of failures.slice(0, 5)) console.error(`request failed: ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
} finally {
  for (const stream of streams) stream.request.destroy();
  for (const server of servers) await server.stop();
  await database.drop();
}
