import { execFile } from 'node:child_process';
import { chown, readdir, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { freePort, tempDir } from './server-process';

const run = promisify(execFile);
const POSTGRES_LIB = '/usr/lib/postgresql';

/** A PostgreSQL cluster of the test's own, on a free port of 127.0.0.1, that the test can stop and start. */
export interface OwnedPostgres {
  url: string;
  /** `pg_ctl stop -m fast`: every session is terminated, as in a restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if it runs and removes its files. */
  remove(): Promise<void>;
}

/** The newest PostgreSQL server installed from Debian's packages, or null when there is none. */
export async function postgresBinDir(): Promise<string | null> {
  const versions = await readdir(POSTGRES_LIB).catch(() => []);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? `${POSTGRES_LIB}/${newest}/bin` : null;
}

/**
 * initdb and pg_ctl refuse to run as root: as root (CI) they run as the `postgres` user, which
 * Debian's server package creates; otherwise as whoever runs the tests.
 */
async function asClusterOwner(command: string, args: string[]): Promise<void> {
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}

export async function startOwnedPostgres(): Promise<OwnedPostgres> {
  const bin = await postgresBinDir();
  if (!bin) throw new Error(`no PostgreSQL server under ${POSTGRES_LIB}`);
  const dir = await tempDir('cluster');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(group));
  }
  const port = await freePort();
  const data = `${dir}/data`;
  await asClusterOwner(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    asClusterOwner(`${bin}/pg_ctl`, ['start', '-w', '-D', data, '-l', `${dir}/log`, '-o', options]);
  const stop = () => asClusterOwner(`${bin}/pg_ctl`, ['stop', '-w', '-m', 'fast', '-D', data]);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await stop();
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
