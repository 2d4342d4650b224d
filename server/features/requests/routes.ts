import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyObject,
  messageResponse,
  notificationsSeenPayload,
  replyPayload,
  sentRequest,
  sentRequestList,
  type SentRequest,
} from '#common/api';
import type { z } from 'zod/mini';
import { conflict, notFound } from '../../lib/http-error';
import { flagRegistration } from '../../lib/registration-flags';
import { currentUser } from '../../plugins/auth';
import { RequestLifecycle } from './lifecycle';
import { recordReply, sentRequestsOf } from './repository';

/** The request lifecycle: the receiver's answer and "seen", the sender's list, deliveries and reminders. */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };
  const lifecycle = new RequestLifecycle(db, app.notificationBus, app.deps.now, app.log);
  app.notificationBus.onDelivered((notificationId) => lifecycle.delivered(notificationId));
  lifecycle.startReminders(app.config.reminderAfterS);
  app.addHook('onClose', () => lifecycle.close());

  /** A plain function of the validated input, so that callers can wrap it (idempotency, say). */
  async function answer(receiverId: string, input: z.output<typeof replyPayload>): Promise<SentRequest> {
    const outcome = await recordReply(db, receiverId, input.notificationId, input, app.deps.now());
    if (outcome.kind !== 'answered') {
      throw outcome.kind === 'not_found'
        ? notFound((i18n) => i18n._('server.notificationNotFound'))
        : conflict((i18n) => i18n._('server.requests.alreadyAnswered'));
    }
    const { row, request } = outcome.changed;
    if (input.kind === 'not_my_vehicle' && row.vehicleId && row.senderId) {
      await flagRegistration(db, row.vehicleId, row.senderId, app.deps.now());
    }
    lifecycle.tellSender(outcome.changed, { answered: true });
    return request;
  }

  app.post(
    '/replyToNotification',
    {
      ...signedIn,
      config: { idempotent: true },
      schema: { body: replyPayload, response: { 201: sentRequest } },
    },
    async (request, reply) => reply.code(201).send(await answer(currentUser(request).id, request.body)),
  );

  app.post(
    '/notificationsSeen',
    { ...signedIn, schema: { body: notificationsSeenPayload, response: { 200: messageResponse } } },
    async (request) => {
      await lifecycle.seen(currentUser(request).id, [...new Set(request.body.ids)]);
      return { message: request.i18n._('server.requests.markedSeen') };
    },
  );

  app.get(
    '/sentRequests',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: sentRequestList } } },
    async (request) => sentRequestsOf(db, currentUser(request).id, request.i18n),
  );
};

export default requestRoutes;
