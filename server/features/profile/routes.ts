import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyObject, updateProfilePayload, userResponse } from '#common/api';
import type { UserRow } from '../../db/schema';
import { toUser } from '../../domain/api-shapes';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { recordConsent, updateProfile, type ProfileChanges } from './repository';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The user as changed, with the sessions' cached copy dropped; a user deleted meanwhile is signed out. */
  const changedUser = (userId: string, updated: UserRow | undefined) => {
    app.sessions.forgetUser(userId);
    if (!updated) throw new HttpError(401, (i18n) => i18n._('server.auth.sessionExpired'));
    return { user: toUser(updated) };
  };

  app.patch(
    '/updateProfile',
    {
      preValidation: app.authenticate,
      schema: { body: updateProfilePayload, response: { 200: userResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      const { quietHours, ...settings } = request.body;
      const changes: ProfileChanges = { ...settings };
      if (quietHours !== undefined) {
        changes.quietStart = quietHours?.start ?? null;
        changes.quietEnd = quietHours?.end ?? null;
      }
      return changedUser(user.id, await updateProfile(app.database.db, user.id, changes));
    },
  );

  /** The signed-in user agrees to the privacy notice; an earlier agreement keeps its time. */
  app.post(
    '/consent',
    { preValidation: app.authenticate, schema: { body: emptyObject, response: { 200: userResponse } } },
    async (request) => {
      const user = currentUser(request);
      return changedUser(user.id, await recordConsent(app.database.db, user.id, app.deps.now()));
    },
  );
};

export default profileRoutes;
