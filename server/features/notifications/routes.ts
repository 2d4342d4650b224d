import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PushData, ServerNotification } from '#common/api';
import type { UserRow } from '../../db/schema';
import { toServerNotification } from '../../lib/api-shapes';
import { badRequest, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import {
  block,
  findUser,
  findVehicle,
  markAllRead,
  senderOfOwnNotification,
  storeNotification,
  unblock,
  unreadFor,
  type NewNotification,
} from './repository';
import { emptyObject, notificationRefBody, sendMessageBody, sendNotificationBody } from './schemas';

/** Where a tap on the push takes the receiver: the bell lives on the signed-in screens. */
const PUSH_URL = '/dashboard';

const toPushData = (notification: ServerNotification): PushData => ({
  notificationId: notification._id,
  title: notification.title,
  body: notification.content,
  senderName: notification.senderId.name,
  sentAt: notification.sentAt,
  url: PUSH_URL,
});

export default async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const signedIn = { preHandler: app.authenticate };

  /** Stores, hands to the live channel and push without waiting for delivery, returns what the receiver sees. */
  async function send(
    sender: UserRow,
    input: Omit<NewNotification, 'senderId'>,
  ): Promise<ServerNotification> {
    const row = await storeNotification(
      db,
      { ...input, senderId: sender.id },
      app.config.sendLimits,
      app.deps.now(),
    );
    const notification = toServerNotification(row, sender);
    app.notificationBus.publish(input.receiverId, notification, toPushData(notification));
    return notification;
  }

  app.post('/sendMessage', signedIn, async (request, reply) => {
    const sender = currentUser(request);
    const { userId, vehicleId, message } = parseInput(sendMessageBody, request.body);
    const vehicle = await findVehicle(db, vehicleId);
    if (!vehicle) throw notFound('Vehicle not found');
    if (vehicle.ownerId === sender.id) throw badRequest('You cannot message your own vehicle');
    if (vehicle.ownerId !== userId) throw badRequest('userId: is not the owner of this vehicle');
    const notification = await send(sender, {
      receiverId: vehicle.ownerId,
      vehicleId: vehicle.id,
      kind: 'message',
      title: `Message about ${vehicle.vehicleNumber.toUpperCase()}`,
      content: message,
    });
    return reply.code(201).send(notification);
  });

  app.post('/sendNotification', signedIn, async (request, reply) => {
    const sender = currentUser(request);
    const { receiverId, title, body } = parseInput(sendNotificationBody, request.body);
    if (receiverId === sender.id) throw badRequest('You cannot send a notification to yourself');
    if (!(await findUser(db, receiverId))) throw notFound('User not found');
    const notification = await send(sender, {
      receiverId,
      vehicleId: null,
      kind: 'notification',
      title,
      content: body,
    });
    return reply.code(201).send(notification);
  });

  app.get('/unreadNotifications', signedIn, async (request) => {
    const receiver = currentUser(request);
    parseInput(emptyObject, request.query);
    const rows = await unreadFor(db, receiver.id);
    return rows.map(({ notification, sender }) => toServerNotification(notification, sender));
  });

  app.post('/clearAllNotifications', signedIn, async (request) => {
    const receiver = currentUser(request);
    parseInput(emptyObject, request.body);
    await markAllRead(db, receiver.id, app.deps.now());
    return { message: 'All notifications cleared' };
  });

  /** The sender of one of the caller's own notifications; someone else's notification is 404. */
  async function senderToBlock(request: FastifyRequest) {
    const receiver = currentUser(request);
    const { notificationId } = parseInput(notificationRefBody, request.body);
    const found = await senderOfOwnNotification(db, notificationId, receiver.id);
    if (!found) throw notFound('Notification not found');
    if (!found.senderId) throw notFound('The sender of this notification no longer exists');
    return { receiverId: receiver.id, senderId: found.senderId };
  }

  app.post('/blockSender', signedIn, async (request) => {
    const { receiverId, senderId } = await senderToBlock(request);
    await block(db, receiverId, senderId, app.deps.now());
    return { message: 'Sender blocked' };
  });

  app.post('/unblockSender', signedIn, async (request) => {
    const { receiverId, senderId } = await senderToBlock(request);
    await unblock(db, receiverId, senderId);
    return { message: 'Sender unblocked' };
  });
}
