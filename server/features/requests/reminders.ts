import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { textsFor } from '../../i18n/texts';
import { toServerNotification } from '../../lib/api-shapes';
import { periodicJobOf } from '../../lib/periodic-job';
import { requestPushData } from '../../lib/push-data';
import { sendersById } from '../../lib/senders';
import { claimReminders, receiversById } from './repository';

/** How often each instance looks for requests due a reminder: well within the promised 15 s. */
const REMINDER_SWEEP_MS = 5000;

declare module 'fastify' {
  interface FastifyInstance {
    requestReminders: {
      /**
       * Sweeps now, after any sweep under way (which may have read the clock earlier), and resolves
       * when every reminder due by now was handed to the live bus; tests call it instead of waiting.
       */
      sweep(): Promise<void>;
    };
  }
}

/**
 * No routes: the sweep that claims the requests due a reminder (one instance gets each), pushes each to
 * its receiver again, in the receiver's language and silent in their quiet hours, and tells its sender.
 */
export default fp(
  async function requestReminders(app: FastifyInstance) {
    const { db } = app.database;
    const afterS = app.config.reminderAfterS;

    async function sendReminders(): Promise<void> {
      const now = app.deps.now();
      const claimed = await claimReminders(db, afterS, now);
      const receivers = await receiversById(
        db,
        claimed.map(({ row }) => row.receiverId),
      );
      const senders = await sendersById(
        db,
        claimed.map(({ row }) => row.senderId),
      );
      for (const changed of claimed) {
        const { row } = changed;
        const receiver = receivers.get(row.receiverId);
        if (!receiver) continue;
        const sender = row.senderId ? senders.get(row.senderId) : undefined;
        const i18n = textsFor(receiver.language);
        const notification = toServerNotification(row, sender ?? null, i18n);
        app.notificationBus.publish({
          kind: 'notification',
          userId: row.receiverId,
          notification,
          push: {
            ...requestPushData(notification, receiver, now),
            title: i18n._('server.request.reminderTitle', { title: notification.title }),
          },
        });
        app.requestLifecycle.tellSender(changed);
      }
    }

    const job = periodicJobOf(app, {
      name: 'sending reminders',
      everyMs: Math.min(REMINDER_SWEEP_MS, afterS * 1000),
      run: sendReminders,
    });
    app.decorate('requestReminders', { sweep: job.runNow });
  },
  { name: 'request-reminders', dependencies: ['database', 'live-bus', 'request-lifecycle'] },
);
