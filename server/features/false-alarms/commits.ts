import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJobOf } from '../../lib/periodic-job';
import { commitDueFalseAlarms } from './pending';

/** How often each instance makes the reports whose time to undo has passed take effect. */
const COMMIT_SWEEP_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    falseAlarmCommits: {
      /**
       * Commits now, after any run under way (which may have read the clock earlier), every false-alarm
       * report whose time to undo has passed; tests call it instead of waiting.
       */
      sweep(): Promise<void>;
    };
  }
}

/**
 * No routes: the job that makes each pending false-alarm report take effect (a strike, perhaps a
 * pause) once FALSE_ALARM_UNDO_S have passed without an undo.
 */
export default fp(
  async function falseAlarmCommits(app: FastifyInstance) {
    const { strikes } = app.config;
    const job = periodicJobOf(app, {
      name: 'committing false alarms',
      everyMs: Math.min(COMMIT_SWEEP_MS, strikes.undoSeconds * 1000),
      run: () => commitDueFalseAlarms(app.database.db, strikes, app.deps.now()),
    });
    app.decorate('falseAlarmCommits', { sweep: job.runNow });
  },
  { name: 'false-alarm-commits', dependencies: ['database'] },
);
