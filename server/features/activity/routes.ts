import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityList, emptyObject } from '#common/api';
import { currentUser } from '../../plugins/auth';
import { activityOf } from './repository';

/** The caller's card and slip activity, for TRAFFIC UPDATES (common/api/activity.ts). */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activity',
    {
      preValidation: app.authenticate,
      schema: { querystring: emptyObject, response: { 200: activityList } },
    },
    async (request) => activityOf(app.database.db, currentUser(request).id, request.i18n, app.deps.now()),
  );
};

export default activityRoutes;
