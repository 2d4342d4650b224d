import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens and migrates the database at start; closes it last on shutdown. */
export default fp(
  async function database(app: FastifyInstance) {
    const database = await openDatabase(app.config.database, app.log, app.config.databasePoolSize);
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
