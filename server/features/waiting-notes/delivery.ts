import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WaitingNoteDelivery } from '../../lib/waiting-notes/delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** Leaves waiting notes and delivers them when their number becomes reachable. */
    waitingNotes: WaitingNoteDelivery;
  }
}

/** `app.waitingNotes`, for the notes' routes and every change that may make a registration reachable. */
export default fp(
  async function waitingNoteDelivery(app: FastifyInstance) {
    app.decorate(
      'waitingNotes',
      new WaitingNoteDelivery(app.database.db, app.notificationBus, app.deps.now, app.log, {
        limits: app.config.waitingNotes,
        // With an RC provider, only a registration proven against the RC receives waiting notes.
        verifiedOnly: app.config.rcProvider !== null,
      }),
    );
  },
  { name: 'waiting-note-delivery', dependencies: ['database', 'live-bus'] },
);
