import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyObject,
  leftWaitingNote,
  messageResponse,
  waitingCount,
  waitingCountQuery,
  waitingNoteList,
  waitingNotePayload,
  waitingNoteQuery,
} from '#common/api';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { searchDayBudget } from '../../domain/search/search-budget';
import {
  toWaitingNote,
  WAITING_NOTES_LIMIT,
  waitingCountFor,
  waitingNotesOf,
  withdrawWaitingNote,
} from '../../domain/waiting-notes/notes';
import { currentUser } from '../../plugins/auth';

/** Notes left for a number nobody reachable has registered yet: leave, list, withdraw, count. */
const waitingNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };
  const limits = app.config.waitingNotes;

  app.post(
    '/waitingNotes',
    {
      ...signedIn,
      config: { idempotent: true },
      schema: { body: waitingNotePayload, response: { 201: leftWaitingNote } },
    },
    async (request, reply) => {
      const sender = currentUser(request);
      const outcome = await app.waitingNotes.leave({ senderId: sender.id, ...request.body });
      if ('refused' in outcome) {
        if (outcome.refused === 'open') throw conflict((i18n) => i18n._('server.waitingNotes.open'));
        throw tooManyRequests(
          (i18n) => i18n._('server.waitingNotes.dailyLimit', { count: limits.perUserDay }),
          outcome.retryAfterMs / 1000,
        );
      }
      const { left } = outcome;
      return reply.code(201).send({
        _id: left.id,
        vehicleNumber: left.vehicleNumber.toUpperCase(),
        expiresAt: left.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    '/waitingNotes',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: waitingNoteList } } },
    async (request) => {
      const now = app.deps.now();
      const notes = await waitingNotesOf(db, currentUser(request).id, WAITING_NOTES_LIMIT);
      return notes.map((note) => toWaitingNote(note, now));
    },
  );

  app.delete(
    '/waitingNotes',
    { ...signedIn, schema: { querystring: waitingNoteQuery, response: { 200: messageResponse } } },
    async (request) => {
      const outcome = await withdrawWaitingNote(db, currentUser(request).id, request.query.id);
      if (outcome === 'not_found') throw notFound((i18n) => i18n._('server.waitingNotes.notFound'));
      if (outcome === 'delivered') throw conflict((i18n) => i18n._('server.waitingNotes.delivered'));
      return { message: request.i18n._('server.waitingNotes.withdrawn') };
    },
  );

  app.get(
    '/waitingNotes/count',
    {
      // Whether a plate has notes waiting tells something about it, as an owner search does: it spends
      // the same day's budget, so probes cannot walk the number space.
      preValidation: [app.authenticate, searchDayBudget(app)],
      schema: { querystring: waitingCountQuery, response: { 200: waitingCount } },
    },
    async (request) => ({
      waiting: await waitingCountFor(db, request.query.vehicleNumber, app.deps.now()),
    }),
  );
};

export default waitingNoteRoutes;
