import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJobOf } from '../../lib/periodic-job';
import { sendersById } from '../../domain/requests/senders';
import { hasReceiver } from '../../db/schema';
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
 * its receiver again through the one entry (in the receiver's language, silent in their quiet hours),
 * and tells its sender.
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
        const receiver = hasReceiver(row) ? receivers.get(row.receiverId) : undefined;
        if (!receiver || !hasReceiver(row)) continue;
        const sender = row.senderId ? senders.get(row.senderId) : undefined;
        app.requests.remind(row, receiver, sender ?? null);
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
  { name: 'request-reminders', dependencies: ['database', 'live-bus', 'request-lifecycle', 'request-reach'] },
);
