import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyObject,
  messagePayload,
  messageResponse,
  notificationPayload,
  notificationRef,
  serverNotification,
  serverNotificationList,
  type ServerNotification,
} from '#common/api';
import { templateKeyOf } from '#common/message-templates';
import { LANGUAGES } from '#common/languages';
import type { UserRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { toServerNotification } from '../../lib/api-shapes';
import { badRequest, notFound } from '../../lib/http-error';
import { preparedReachableBy } from '../../lib/reachable-registrations';
import { requestPushData } from '../../lib/push-data';
import { currentUser } from '../../plugins/auth';
import {
  block,
  markAllRead,
  newNotificationRow,
  senderOfOwnNotification,
  preparedStoreNotification,
  unblock,
  preparedUnreadFor,
  type NewNotification,
} from './repository';
import { notificationTextProblem } from './notification-text';

/** A suggested text is recognised in any of the app's languages. */
const ALL_TEXTS = LANGUAGES.map(textsFor);

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const unreadFor = preparedUnreadFor(db);
  const storeNotification = preparedStoreNotification(db);
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');
  const reachableByOwner = preparedReachableBy(db, 'ownerId');
  const signedIn = { preValidation: app.authenticate };
  const once = { config: { idempotent: true } };
  const confirmation = { response: { 200: messageResponse } };
  const blockingSchema = { body: notificationRef, ...confirmation };

  /**
   * Stores, hands to the live channel and push (in the receiver's language) without waiting for
   * delivery, and returns what the receiver sees, in the sender's language (`request.i18n`).
   */
  async function send(
    request: FastifyRequest,
    sender: UserRow,
    receiver: UserRow,
    input: Omit<NewNotification, 'senderId' | 'receiverId'>,
  ): Promise<ServerNotification> {
    const now = app.deps.now();
    const row = newNotificationRow({ ...input, senderId: sender.id, receiverId: receiver.id }, now);
    const forReceiver = toServerNotification(row, sender, textsFor(receiver.language));
    const bus = app.notificationBus;
    await storeNotification(row, app.config.sendLimits, bus.announcement(receiver.id, forReceiver));
    bus.publishAnnounced(receiver.id, forReceiver, requestPushData(forReceiver, receiver, now));
    return toServerNotification(row, sender, request.i18n);
  }

  /** The suggested text `text` is for one of these vehicles, in either language, with its vehicle. */
  function templateOf(text: string, vehicleNumbers: string[]) {
    for (const vehicleNumber of vehicleNumbers) {
      const templateKey = templateKeyOf(ALL_TEXTS, text, vehicleNumber);
      if (templateKey) return { templateKey, vehicleNumber };
    }
    return { templateKey: null, vehicleNumber: null };
  }

  app.post(
    '/sendMessage',
    { ...signedIn, ...once, schema: { body: messagePayload, response: { 201: serverNotification } } },
    async (request, reply) => {
      const sender = currentUser(request);
      const { userId, vehicleId, message } = request.body;
      const [registration] = await reachableByVehicle(vehicleId);
      if (!registration) throw notFound((i18n) => i18n._('server.vehicleNotFound'));
      const { vehicle, owner } = registration;
      if (vehicle.ownerId === sender.id)
        throw badRequest((i18n) => i18n._('server.notifications.ownVehicle'));
      if (vehicle.ownerId !== userId) throw badRequest('userId: is not the owner of this vehicle');
      const notification = await send(request, sender, owner, {
        vehicleId: vehicle.id,
        kind: 'message',
        title: `Message about ${vehicle.vehicleNumber.toUpperCase()}`,
        content: message,
        templateKey: templateOf(message, [vehicle.vehicleNumber]).templateKey,
        vehicleNumber: vehicle.vehicleNumber,
      });
      return reply.code(201).send(notification);
    },
  );

  app.post(
    '/sendNotification',
    { ...signedIn, ...once, schema: { body: notificationPayload, response: { 201: serverNotification } } },
    async (request, reply) => {
      const sender = currentUser(request);
      const { receiverId, title, body } = request.body;
      if (receiverId === sender.id) throw badRequest((i18n) => i18n._('server.notifications.toYourself'));
      const reachable = await reachableByOwner(receiverId);
      const receiver = reachable[0]?.owner;
      if (!receiver) throw notFound((i18n) => i18n._('server.userNotFound'));
      const receiverNumbers = reachable.map(({ vehicle }) => vehicle.vehicleNumber);
      const problem = notificationTextProblem(title, body, receiverNumbers);
      if (problem) throw badRequest(problem);
      const notification = await send(request, sender, receiver, {
        vehicleId: null,
        kind: 'notification',
        title,
        content: body,
        ...templateOf(body, receiverNumbers),
      });
      return reply.code(201).send(notification);
    },
  );

  app.get(
    '/unreadNotifications',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: serverNotificationList } } },
    async (request) => {
      const receiver = currentUser(request);
      const rows = await unreadFor(receiver.id);
      return rows.map(({ notification, sender }) => toServerNotification(notification, sender, request.i18n));
    },
  );

  app.post(
    '/clearAllNotifications',
    { ...signedIn, schema: { body: emptyObject, ...confirmation } },
    async (request) => {
      const receiver = currentUser(request);
      await markAllRead(db, receiver.id, app.deps.now());
      return { message: request.i18n._('server.notifications.cleared') };
    },
  );

  /** The sender of one of the caller's own notifications; someone else's notification is 404. */
  async function senderToBlock(request: FastifyRequest, notificationId: string) {
    const receiver = currentUser(request);
    const found = await senderOfOwnNotification(db, notificationId, receiver.id);
    if (!found) throw notFound((i18n) => i18n._('server.notificationNotFound'));
    if (!found.senderId) throw notFound((i18n) => i18n._('server.notifications.senderGone'));
    return { receiverId: receiver.id, senderId: found.senderId };
  }

  app.post('/blockSender', { ...signedIn, schema: blockingSchema }, async (request) => {
    const { receiverId, senderId } = await senderToBlock(request, request.body.notificationId);
    await block(db, receiverId, senderId, app.deps.now());
    return { message: request.i18n._('server.notifications.senderBlocked') };
  });

  app.post('/unblockSender', { ...signedIn, schema: blockingSchema }, async (request) => {
    const { receiverId, senderId } = await senderToBlock(request, request.body.notificationId);
    await unblock(db, receiverId, senderId);
    return { message: request.i18n._('server.notifications.senderUnblocked') };
  });
};

export default notificationRoutes;
