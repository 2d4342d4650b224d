import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExport, emptyObject, messageResponse } from '#common/api';
import { currentUser } from '../../plugins/auth';
import { deleteAccount, exportAccount } from './repository';

/** The user's rights under India's DPDP Act 2023: a copy of their data, and its erasure. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };

  app.get(
    '/exportData',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: accountExport } } },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="vahan-contact-data.json"');
      return exportAccount(db, currentUser(request), request.i18n, app.deps.now());
    },
  );

  app.delete(
    '/account',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: messageResponse } } },
    async (request) => {
      const user = currentUser(request);
      const ended = await deleteAccount(db, user, app.deps.now());
      app.sessions.forgetUser(user.id);
      if (ended.length > 0)
        app.notificationBus.publish({ kind: 'sessions-ended', userId: user.id, sessionIds: ended });
      return { message: request.i18n._('server.account.deleted') };
    },
  );
};

export default accountRoutes;
