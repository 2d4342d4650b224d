import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** `npm start` builds the PWA when no build is there yet. */
function ensureBuilt(distDir: string): void {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  console.log(`No PWA build in ${distDir}: building it now…`);
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const config = loadConfigOrExit();
ensureBuilt(config.distDir);
const app = await buildApp(config);

/**
 * SIGTERM drains (see plugins/graceful-close): serve on with health at 503 for the drain, then stop
 * accepting and let `app.close()` wait for the requests in flight; past the grace, connections are cut.
 */
function shutDown(signal: NodeJS.Signals): void {
  const { drainMs, graceMs } = config.shutdown;
  app.log.info({ signal, drainMs }, 'shutting down: draining, health answers 503');
  app.startDrain();
  setTimeout(() => {
    app.log.info({ graceMs }, 'shutting down: no longer accepting; finishing requests in flight');
    setTimeout(() => app.server.closeAllConnections(), graceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  }, drainMs);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    shutDown(signal);
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
