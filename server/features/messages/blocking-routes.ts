import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse, notificationRef } from '#common/api';
import { conflict, notFound } from '../../lib/http-error';
import { blockStranger, unblockStranger } from '../../domain/strangers/blocks';
import { currentUser } from '../../plugins/auth';
import { block, senderOfOwnNotification, unblock } from './repository';

/** `POST /blockSender` and `/unblockSender`: a receiver stops, or lets again, a sender's requests. */
const blockingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };
  const blockingSchema = { body: notificationRef, response: { 200: messageResponse } };

  /**
   * The sender of one of the caller's own notifications: an account, or null for a stranger at a
   * windscreen card (blocked by what was recorded of them); someone else's notification is 404.
   */
  async function senderToBlock(request: FastifyRequest, notificationId: string) {
    const receiver = currentUser(request);
    const found = await senderOfOwnNotification(db, notificationId, receiver.id);
    if (!found) throw notFound((i18n) => i18n._('server.notificationNotFound'));
    if (found.via === 'card') return { receiverId: receiver.id, senderId: null };
    if (!found.senderId) throw notFound((i18n) => i18n._('server.notifications.senderGone'));
    return { receiverId: receiver.id, senderId: found.senderId };
  }

  /** A card request stored with no record of its stranger has nobody to block: pausing or rotating the card stops them. */
  const strangerRecorded = (recorded: boolean) => {
    if (!recorded) throw conflict((i18n) => i18n._('server.cards.blockByPausing'));
  };

  app.post('/blockSender', { ...signedIn, schema: blockingSchema }, async (request) => {
    const { notificationId } = request.body;
    const { receiverId, senderId } = await senderToBlock(request, notificationId);
    const now = app.deps.now();
    if (senderId === null) {
      strangerRecorded(
        await blockStranger(db, receiverId, notificationId, app.config.strangerBlockDays, now),
      );
    } else await block(db, receiverId, senderId, now);
    return { message: request.i18n._('server.notifications.senderBlocked') };
  });

  app.post('/unblockSender', { ...signedIn, schema: blockingSchema }, async (request) => {
    const { notificationId } = request.body;
    const { receiverId, senderId } = await senderToBlock(request, notificationId);
    if (senderId === null) strangerRecorded(await unblockStranger(db, receiverId, notificationId));
    else await unblock(db, receiverId, senderId);
    return { message: request.i18n._('server.notifications.senderUnblocked') };
  });
};

export default blockingRoutes;
