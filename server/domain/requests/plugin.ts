import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestReach, type RequestReach } from './reach';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one entry through which every request reaches an owner (reach.ts). */
    requests: RequestReach;
  }
}

export default fp(
  async function requestReachPlugin(app: FastifyInstance) {
    app.decorate(
      'requests',
      requestReach({ db: app.database.db, bus: app.notificationBus, now: app.deps.now }),
    );
  },
  { name: 'request-reach', dependencies: ['database', 'live-bus'] },
);
