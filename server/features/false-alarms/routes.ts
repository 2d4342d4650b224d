import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contestPausePayload,
  emptyObject,
  falseAlarmReported,
  messageResponse,
  notificationRef,
  strikesResponse,
} from '#common/api';
import { conflict, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { reportFalseAlarm, undoFalseAlarm } from './pending';
import { contestPause, strikesOf } from './repository';

/**
 * False alarms: a receiver marks a request one, and may undo that for FALSE_ALARM_UNDO_S; after them it
 * is a strike against its sender (server/features/false-alarms/commits.ts); enough strikes pause them,
 * and a paused sender may contest the pause once.
 */
const falseAlarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/reportFalseAlarm',
    { ...signedIn, schema: { body: notificationRef, response: { 200: falseAlarmReported } } },
    async (request) => {
      const receiver = currentUser(request);
      const { strikes } = app.config;
      const report = await reportFalseAlarm(
        db,
        request.body.notificationId,
        receiver.id,
        strikes,
        app.deps.now(),
      );
      switch (report.outcome) {
        case 'not-found':
          throw notFound((i18n) => i18n._('server.notificationNotFound'));
        case 'sender-gone':
          throw notFound((i18n) => i18n._('server.notifications.senderGone'));
        case 'too-late':
          throw conflict((i18n) => i18n._('server.falseAlarms.tooLate', { hours: strikes.reportHours }));
        case 'answered-arrival':
          throw conflict((i18n) => i18n._('server.falseAlarms.answeredArrival'));
        case 'already-reported':
          throw conflict((i18n) => i18n._('server.falseAlarms.alreadyReported'));
        case 'reported':
          return { message: request.i18n._('server.falseAlarms.reported'), undoSeconds: strikes.undoSeconds };
      }
    },
  );

  app.post(
    '/undoFalseAlarm',
    { ...signedIn, schema: { body: notificationRef, response: { 200: messageResponse } } },
    async (request) => {
      const { undoSeconds } = app.config.strikes;
      const outcome = await undoFalseAlarm(
        db,
        request.body.notificationId,
        currentUser(request).id,
        app.deps.now(),
      );
      switch (outcome) {
        case 'not-reported':
          throw notFound((i18n) => i18n._('server.falseAlarms.notReported'));
        case 'too-late':
          throw conflict((i18n) => i18n._('server.falseAlarms.undoTooLate', { seconds: undoSeconds }));
        case 'undone':
          return { message: request.i18n._('server.falseAlarms.undone') };
      }
    },
  );

  app.get(
    '/strikes',
    { ...signedIn, schema: { querystring: emptyObject, response: { 200: strikesResponse } } },
    async (request) => {
      const { strikes } = app.config;
      const standing = await strikesOf(db, currentUser(request).id, strikes, app.deps.now());
      return {
        strikes: standing.strikes,
        windowDays: strikes.windowDays,
        pausedUntil: standing.pausedUntil?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/contestPause',
    { ...signedIn, schema: { body: contestPausePayload, response: { 201: messageResponse } } },
    async (request, reply) => {
      const outcome = await contestPause(db, currentUser(request).id, request.body.text, app.deps.now());
      switch (outcome) {
        case 'not-paused':
          throw conflict((i18n) => i18n._('server.falseAlarms.notPaused'));
        case 'already-contested':
          throw conflict((i18n) => i18n._('server.falseAlarms.alreadyContested'));
        case 'contested':
          return reply.code(201).send({ message: request.i18n._('server.falseAlarms.contested') });
      }
    },
  );
};

export default falseAlarmRoutes;
