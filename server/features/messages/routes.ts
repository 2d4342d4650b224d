import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyObject,
  imageParams,
  messagePayload,
  messageResponse,
  notificationPayload,
  sendImageResponse,
  sendResponse,
  serverNotificationList,
  sendImageFields,
  type SendResponse,
} from '#common/api';
import { roundCoordinate } from '#common/photos';
import { templateKeyOf } from '#common/message-templates';
import { LANGUAGES } from '#common/languages';
import type { UserRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import type { RequestContent } from '../../domain/requests/reach';
import { messageRefusals, reachedOrThrow } from '../../domain/requests/refusals';
import { toServerNotification, type RequestPhoto } from '../../domain/api-shapes';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { preparedReachableBy } from '../../domain/requests/reachability';
import { messageRule } from '../../domain/requests/send-rule/send-rule';
import { currentUser } from '../../plugins/auth';
import { isForeignKeyViolation } from '../../plugins/errors';
import { insertPhoto, markAllRead, photoFor, preparedUnreadFor } from './repository';
import { contactDetailsProblem } from '#common/contact-details';
import { notificationTextProblem } from './notification-text';
import { PhotoDecoding } from './photo-decoding';
import { reencodePhoto, type EncodedPhoto } from './photo-encoding';
import { acceptPhotoUploads, uploadedPhoto } from './photo-upload';

/**
 * A photo to keep with a request, decoded only once the send rule let the request through, and the
 * place it was sent from when the sender added it.
 */
interface PhotoToSend {
  decode: () => Promise<EncodedPhoto>;
  latitude: number | null;
  longitude: number | null;
}

/** A suggested text is recognised in any of the app's languages. */
const ALL_TEXTS = LANGUAGES.map(textsFor);

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const unreadFor = preparedUnreadFor(db);
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');
  const reachableByOwner = preparedReachableBy(db, 'ownerId');
  const signedIn = { preValidation: app.authenticate };
  const once = { config: { idempotent: true } };
  const confirmation = { response: { 200: messageResponse } };

  /**
   * Reaches `receiver` (stored, then handed to the live channel and push in the receiver's language
   * without waiting for delivery) and returns, in the sender's language (`request.i18n`), what the
   * receiver sees and the sender's view of the request as `sentRequests` lists it. A photo is kept
   * after its request and announced only then, so nobody is told of a photo not yet there.
   */
  async function send(
    request: FastifyRequest,
    sender: UserRow,
    receiver: UserRow,
    content: Omit<RequestContent, 'kind'> & { kind: 'message' | 'notification' },
    photo: PhotoToSend | null = null,
  ): Promise<SendResponse> {
    const shownPhoto: RequestPhoto | null = photo && {
      id: randomUUID(),
      latitude: photo.latitude,
      longitude: photo.longitude,
    };
    const outcome = await app.requests.reach({
      from: { account: sender },
      to: receiver,
      request: content,
      rule: messageRule(app.config.sendLimits),
      photo: shownPhoto,
      ...(photo &&
        shownPhoto && {
          beforeAnnounce: async (row) => {
            const { bytes, contentType } = await photo.decode();
            await insertPhoto(db, {
              ...shownPhoto,
              notificationId: row.id,
              bytes,
              contentType,
              createdAt: row.sentAt,
            });
          },
        }),
    });
    const reached = reachedOrThrow(outcome, messageRefusals);
    return { ...reached.shownIn(request.i18n), sentRequest: reached.sentView(request.i18n) };
  }

  /** The vehicle a message or photo is about, and its owner, who must be `userId` and not the sender. */
  async function recipientOf(sender: UserRow, userId: string, vehicleId: string) {
    const [registration] = await reachableByVehicle(vehicleId);
    if (!registration) throw notFound((i18n) => i18n._('server.vehicleNotFound'));
    const { vehicle } = registration;
    if (vehicle.ownerId === sender.id) throw badRequest((i18n) => i18n._('server.notifications.ownVehicle'));
    if (vehicle.ownerId !== userId) throw badRequest('userId: is not the owner of this vehicle');
    return registration;
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
    { ...signedIn, ...once, schema: { body: messagePayload, response: { 201: sendResponse } } },
    async (request, reply) => {
      const sender = currentUser(request);
      const { userId, vehicleId, message } = request.body;
      const { vehicle, owner } = await recipientOf(sender, userId, vehicleId);
      const problem = contactDetailsProblem(message);
      if (problem) throw badRequest(`message: ${problem}`);
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
    { ...signedIn, ...once, schema: { body: notificationPayload, response: { 201: sendResponse } } },
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

  /** Photos as proof: a multipart upload, re-encoded without metadata, read only by its two people. */
  const photoRoutes: FastifyPluginAsyncZod = async (photos) => {
    acceptPhotoUploads(photos, app.config.images.maxBytes);
    const decoding = new PhotoDecoding();
    const decodePhoto = app.deps.decodePhoto ?? reencodePhoto;
    /** The account may be deleted while its photo uploads or decodes: its requests then answer 401. */
    const stillSignedIn = async (request: FastifyRequest) => {
      await app.authenticate(request);
      return currentUser(request);
    };

    photos.post(
      '/sendImage',
      {
        // Signed in before the upload is read: nobody else makes the server take in a photo.
        onRequest: app.authenticate,
        ...once,
        schema: {
          consumes: ['multipart/form-data'],
          body: sendImageFields,
          response: { 201: sendImageResponse },
        },
      },
      async (request, reply) => {
        const sender = await stillSignedIn(request);
        const { userId, vehicleId, caption, latitude, longitude } = request.body;
        const { vehicle, owner } = await recipientOf(sender, userId, vehicleId);
        const problem = caption === undefined ? null : contactDetailsProblem(caption);
        if (problem) throw badRequest(`caption: ${problem}`);
        const place = decoding.reserve(sender.id);
        try {
          const notification = await send(
            request,
            sender,
            owner,
            {
              vehicleId: vehicle.id,
              kind: 'message',
              title: `Photo about ${vehicle.vehicleNumber.toUpperCase()}`,
              content: caption ?? '',
              templateKey: null,
              vehicleNumber: vehicle.vehicleNumber,
            },
            {
              decode: async () => {
                const encoded = await place.decode(() => decodePhoto(uploadedPhoto(request)));
                if (!encoded) throw badRequest((i18n) => i18n._('server.photos.notAnImage'));
                await stillSignedIn(request);
                return encoded;
              },
              latitude: latitude === undefined ? null : roundCoordinate(latitude),
              longitude: longitude === undefined ? null : roundCoordinate(longitude),
            },
          );
          const { sentRequest: _sentRequest, ...message } = notification;
          return reply.code(201).send({ ...notification, message });
        } catch (error) {
          // Deleted between the check above and the request's insert: its sender is gone.
          if (isForeignKeyViolation(error))
            throw new HttpError(401, (i18n) => i18n._('server.auth.sessionExpired'));
          throw error;
        } finally {
          place.release();
        }
      },
    );
  };
  await app.register(photoRoutes);

  /** A photo is read only by its two people; to anyone else, signed in or not, it does not exist. */
  const photoNotFound = () => notFound((i18n) => i18n._('server.photos.notFound'));
  const photoReader = {
    preValidation: async (request: FastifyRequest) => {
      try {
        await app.authenticate(request);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) throw photoNotFound();
        throw error;
      }
    },
  };

  app.get('/images/:id', { ...photoReader, schema: { params: imageParams } }, async (request, reply) => {
    const photo = await photoFor(db, request.params.id, currentUser(request).id);
    if (!photo) throw photoNotFound();
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, no-store')
      .send(photo.bytes);
  });

  app.get(
    '/unreadNotifications',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: serverNotificationList } } },
    async (request) => {
      const receiver = currentUser(request);
      const rows = await unreadFor(receiver.id);
      return rows.map(({ notification, sender, photo, falseAlarm }) =>
        toServerNotification(notification, sender, request.i18n, photo, falseAlarm),
      );
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
};

export default notificationRoutes;
