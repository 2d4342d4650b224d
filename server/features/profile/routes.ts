import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toUser } from '../../lib/api-shapes';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { setPhoneVisible } from './repository';

/** Only the privacy switch can change: any other field is refused, never applied. */
const updateProfileBody = z.strictObject({ phoneVisible: z.boolean() });

export default async function profileRoutes(app: FastifyInstance) {
  app.patch('/updateProfile', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const { phoneVisible } = parseInput(updateProfileBody, request.body);
    const updated = await setPhoneVisible(app.database.db, user.id, phoneVisible);
    if (!updated) throw new HttpError(401, 'Session expired or invalid');
    return { user: toUser(updated) };
  });
}
