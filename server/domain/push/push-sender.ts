import type { FastifyBaseLogger } from 'fastify';
import type { PushData } from '#common/api';
import type { Db } from '../../db/database';
import type { SessionStore } from '../../plugins/auth/session-store';
import type { PushTransport } from '../../providers/push/push-transport';
import { deleteDeviceTokens, deviceTokensOf } from './device-tokens';

/** The data fields of the message, all strings as FCM requires, and nothing else. */
function pushDataFields(push: PushData): Record<string, string> {
  return {
    notificationId: push.notificationId,
    title: push.title,
    body: push.body,
    senderName: push.senderName,
    sentAt: push.sentAt,
    url: push.url,
    ...(push.requestId ? { requestId: push.requestId } : {}),
    silent: String(push.silent),
    system: String(push.system === true),
    ...(push.language ? { language: push.language } : {}),
  };
}

/**
 * Pushes a notification to every device of its receiver whose session lives, and forgets the devices
 * that are gone: those the push service rejects, and those of the receiver's sessions that are over.
 */
export class PushSender {
  constructor(
    private readonly db: Db,
    private readonly sessions: Pick<SessionStore, 'live' | 'endExpired'>,
    private readonly transport: PushTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Never throws: push is best effort, the notification is already stored and streamed. The service
   * taking it is no delivery: the worker of a device that shows it reports that.
   */
  async send(receiverId: string, push: PushData): Promise<void> {
    try {
      await this.sessions.endExpired(receiverId);
      const tokens = await deviceTokensOf(this.db, receiverId, this.sessions.live());
      if (tokens.length === 0) return;
      const { invalidTokens } = await this.transport.sendToTokens(tokens, pushDataFields(push));
      if (invalidTokens.length > 0) {
        await deleteDeviceTokens(this.db, invalidTokens);
        this.log.info(
          { count: invalidTokens.length },
          'push: forgot device tokens the push service rejected',
        );
      }
    } catch (error) {
      this.log.error({ err: error, notificationId: push.notificationId }, 'push: sending failed');
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
