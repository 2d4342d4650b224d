/**
 * Operator commands, on the database the server is configured with (DATABASE_URL, or DATA_DIR for
 * PGlite: stop the server first, as one PGlite data directory takes one process):
 *
 *   npm run ops -- pauses                 the running pauses of senders, with their strikes and contests
 *   npm run ops -- lift-pause <phone>     ends that number's pause now, and the strikes that caused it
 *
 * Each action is logged as one JSON line on stderr; what the operator reads goes to stdout.
 */
import { normalisePhone } from '#common/phone';
import { ConfigError, loadConfig, type Config } from '../server/config';
import { openDatabase, type Db } from '../server/db/database';
import { liftPause, runningPauses, type PauseOnRecord } from '../server/features/false-alarms/pause-ops';

const USAGE = 'usage: npm run ops -- pauses | npm run ops -- lift-pause <phone>';

const log = (action: string, fields: Record<string, unknown>) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), action, ...fields }));

function describePause(pause: PauseOnRecord): string {
  const lines = [
    `${pause.phone ?? `(no account; key ${pause.phoneHash.slice(0, 12)})`}  paused ${pause.pausedAt.toISOString()}` +
      ` until ${pause.pausedUntil.toISOString()}  strikes: ${pause.strikes.length}`,
    ...pause.strikes.map(
      (strike) =>
        `  strike ${strike.reportedAt.toISOString()}  request ${strike.requestId}  reported by ${strike.reporterId}`,
    ),
    pause.contest
      ? `  contested ${pause.contest.at.toISOString()}: ${JSON.stringify(pause.contest.text)}`
      : '  not contested',
  ];
  return lines.join('\n');
}

async function run(db: Db, strikes: Config['strikes'], args: string[]): Promise<number> {
  const [command, argument] = args;
  const now = new Date();
  if (command === 'pauses' && args.length === 1) {
    const pauses = await runningPauses(db, strikes, now);
    console.log(pauses.length === 0 ? 'No sender is paused.' : pauses.map(describePause).join('\n\n'));
    log('pauses', { listed: pauses.length });
    return 0;
  }
  if (command === 'lift-pause' && argument !== undefined && args.length === 2) {
    const phone = normalisePhone(argument);
    if (!phone) {
      console.error(`Not a 10-digit mobile number: ${argument}`);
      return 2;
    }
    const lifted = await liftPause(db, phone, now);
    console.log(lifted ? `Lifted the pause of ${phone}.` : `${phone} is not paused.`);
    log('lift-pause', { lifted });
    return lifted ? 0 : 1;
  }
  console.error(USAGE);
  return 2;
}

try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    process.exitCode = await run(database.db, config.strikes, process.argv.slice(2));
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
