import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyObject,
  messageResponse,
  notificationsDeliveredPayload,
  notificationsSeenPayload,
  replyPayload,
  sentRequest,
  sentRequestList,
  type SentRequest,
} from '#common/api';
import type { z } from 'zod/mini';
import { conflict, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { sentRequestsOf } from './repository';

/** The request lifecycle's routes: the receiver's answer, "delivered" and "seen", the sender's list. */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };
  const lifecycle = app.requestLifecycle;

  /** A plain function of the validated input, so that callers can wrap it (idempotency, say). */
  async function answer(receiverId: string, input: z.output<typeof replyPayload>): Promise<SentRequest> {
    const outcome = await lifecycle.answer(receiverId, input.notificationId, input);
    if (outcome.kind !== 'answered') {
      throw outcome.kind === 'not_found'
        ? notFound((i18n) => i18n._('server.notificationNotFound'))
        : conflict((i18n) => i18n._('server.requests.alreadyAnswered'));
    }
    return outcome.changed.request;
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

  app.post(
    '/notificationsDelivered',
    { ...signedIn, schema: { body: notificationsDeliveredPayload, response: { 200: messageResponse } } },
    async (request) => {
      await lifecycle.deliveredTo(currentUser(request).id, [...new Set(request.body.ids)]);
      return { message: request.i18n._('server.requests.markedDelivered') };
    },
  );

  app.get(
    '/sentRequests',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: sentRequestList } } },
    async (request) => sentRequestsOf(db, currentUser(request).id, request.i18n, app.deps.now()),
  );
};

export default requestRoutes;
