import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJobOf } from '../../lib/periodic-job';
import { WaitingNoteDelivery } from '../../domain/waiting-notes/delivery';

/** How often each instance delivers the notes that became due: within a minute of a hold ending. */
const DUE_NOTES_SWEEP_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Leaves waiting notes and delivers them when their number becomes reachable. */
    waitingNotes: WaitingNoteDelivery;
    dueWaitingNotes: {
      /**
       * Delivers now, after any delivery under way (which may have read the clock earlier), every note
       * that is due; tests call it instead of waiting.
       */
      sweep(): Promise<void>;
    };
  }
}

/**
 * `app.waitingNotes`, for the notes' routes and every change that may make a registration reachable,
 * and the periodic delivery of the notes that became due with no change at all (a hold that ended).
 */
export default fp(
  async function waitingNoteDelivery(app: FastifyInstance) {
    const delivery = new WaitingNoteDelivery(
      app.database.db,
      app.notificationBus,
      app.requests,
      app.deps.now,
      app.log,
      {
        limits: app.config.waitingNotes,
        // With an RC provider, only a registration proven against the RC receives waiting notes.
        verifiedOnly: app.config.rcProvider !== null,
      },
    );
    app.decorate('waitingNotes', delivery);

    const job = periodicJobOf(app, {
      name: 'delivering due waiting notes',
      everyMs: DUE_NOTES_SWEEP_MS,
      run: () => delivery.deliverDue(),
    });
    app.decorate('dueWaitingNotes', { sweep: job.runNow });
  },
  { name: 'waiting-note-delivery', dependencies: ['database', 'live-bus', 'request-reach'] },
);
