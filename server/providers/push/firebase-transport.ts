import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import type { Messaging, MulticastMessage, SendResponse } from 'firebase-admin/messaging';
import type { PushTransport } from './push-transport';

/** How long FCM keeps a message for an offline device: a blocked car matters for about an hour. */
export const PUSH_TTL_SECONDS = 3600;

const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/** FCM answers a malformed token with a generic invalid-argument that names the token. */
function isDeadToken(error: SendResponse['error']): boolean {
  if (!error) return false;
  if (DEAD_TOKEN_CODES.has(error.code)) return true;
  return error.code === 'messaging/invalid-argument' && /registration token/i.test(error.message);
}

function serviceAccountField(account: Record<string, unknown>, key: string): string | undefined {
  const value = account[key];
  return typeof value === 'string' ? value : undefined;
}

/** Firebase Cloud Messaging through firebase-admin, loaded on the first push so a server without it never does. */
export function createFirebaseTransport(serviceAccount: Record<string, unknown>): PushTransport {
  let loading: Promise<{ app: App; messaging: Messaging }> | null = null;
  const load = () =>
    (loading ??= (async () => {
      const [{ cert, initializeApp }, { getMessaging }] = await Promise.all([
        import('firebase-admin/app'),
        import('firebase-admin/messaging'),
      ]);
      const credential = cert({
        projectId: serviceAccountField(serviceAccount, 'project_id'),
        clientEmail: serviceAccountField(serviceAccount, 'client_email'),
        privateKey: serviceAccountField(serviceAccount, 'private_key'),
      });
      // A unique name: several servers (tests) may live in one process.
      const app = initializeApp({ credential }, `vahan-push-${randomUUID()}`);
      return { app, messaging: getMessaging(app) };
    })());

  return {
    async sendToTokens(tokens, data) {
      const { messaging } = await load();
      const message: MulticastMessage = {
        tokens,
        data,
        webpush: { headers: { Urgency: 'high', TTL: String(PUSH_TTL_SECONDS) } },
      };
      const { responses } = await messaging.sendEachForMulticast(message);
      return { invalidTokens: tokens.filter((_, index) => isDeadToken(responses[index]?.error)) };
    },
    async close() {
      const loaded = await loading?.catch(() => null);
      if (!loaded) return;
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp(loaded.app);
    },
  };
}
