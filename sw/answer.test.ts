import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#common/languages';
import { queuedItems } from '#common/outbox/outbox-db';
import { clearWorkerStore, type WorkerSession } from '#common/worker-store';
import {
  answerFromNotification,
  markDeliveredFromPush,
  markSeenFromNotification,
  requestIdOf,
} from './answer';

const notification = { tag: 'n-1', data: { url: '/dashboard?request=n-1', requestId: 'n-1' } };

const signedIn: WorkerSession = { userId: 'user-1', token: 'session-token' };

function fakes(
  respond: () => Promise<Response>,
  session: WorkerSession | null = signedIn,
  language: Language = 'en',
) {
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => undefined);
  const register = vi.fn(async (_tag: string) => undefined);
  const fetch = vi.fn<typeof globalThis.fetch>(respond);
  return {
    scope: { registration: { showNotification, sync: { register } } },
    deps: { session: async () => session, language: async () => language, fetch, now: () => 0 },
    showNotification,
    register,
    fetch,
  };
}

afterEach(() => clearWorkerStore());

describe('answering from a notification action', () => {
  it('posts the answer with the stored session and confirms it in place of the notification', async () => {
    const { scope, deps, showNotification, fetch } = fakes(async () => new Response('{}', { status: 201 }));
    await answerFromNotification('five_minutes', notification, scope, deps);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/users/replyToNotification');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer session-token');
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(String(init?.body))).toEqual({ notificationId: 'n-1', kind: 'five_minutes' });
    expect(showNotification).toHaveBeenCalledWith(
      'Answer sent: In 5 minutes',
      expect.objectContaining({ tag: 'n-1', body: 'The person waiting can see it now.' }),
    );
    expect(await queuedItems('user-1')).toEqual([]);
  });

  it("confirms the answer in the user's language: Malayalam for a Malayalam session", async () => {
    const { scope, deps, showNotification } = fakes(
      async () => new Response('{}', { status: 201 }),
      signedIn,
      'ml',
    );
    await answerFromNotification('five_minutes', notification, scope, deps);
    expect(showNotification).toHaveBeenCalledWith(
      'മറുപടി അയച്ചു: 5 മിനിറ്റിനുള്ളിൽ',
      expect.objectContaining({ body: 'കാത്തുനിൽക്കുന്നയാൾക്ക് ഇപ്പോൾ അത് കാണാം.' }),
    );
  });

  it('says the request was already answered on 409', async () => {
    const { scope, deps, showNotification } = fakes(async () => new Response('{}', { status: 409 }));
    await answerFromNotification('coming_now', notification, scope, deps);
    expect(showNotification.mock.calls[0]?.[0]).toBe('This request was already answered');
  });

  it('keeps an answer tapped with no signal in the outbox, asks for a sync and says it will be sent', async () => {
    const { scope, deps, showNotification, register } = fakes(async () => {
      throw new TypeError('Failed to fetch');
    });
    await answerFromNotification('coming_now', notification, scope, deps);
    expect(await queuedItems('user-1')).toEqual([
      expect.objectContaining({
        label: 'Answer: Coming now',
        request: {
          path: '/api/users/replyToNotification',
          body: { notificationId: 'n-1', kind: 'coming_now' },
        },
      }),
    ]);
    expect(register).toHaveBeenCalledWith('outbox');
    expect(showNotification).toHaveBeenCalledWith(
      'Answer waiting for network: Coming now',
      expect.objectContaining({ tag: 'n-1', body: 'It will be sent when you are back online.' }),
    );
  });

  it('says the answer failed when the server refuses it, and the notification still opens the app', async () => {
    const { scope, deps, showNotification } = fakes(async () => new Response('{}', { status: 500 }));
    await answerFromNotification('coming_now', notification, scope, deps);
    expect(showNotification).toHaveBeenCalledWith(
      'Could not send your answer',
      expect.objectContaining({ tag: 'n-1', data: { url: '/dashboard?request=n-1' } }),
    );
    expect(await queuedItems('user-1')).toEqual([]);
  });

  it('asks to sign in, sending nothing, when no session is stored (after logout)', async () => {
    const { scope, deps, showNotification, fetch } = fakes(async () => new Response('{}'), null);
    await answerFromNotification('coming_now', notification, scope, deps);
    expect(fetch).not.toHaveBeenCalled();
    expect(showNotification.mock.calls[0]?.[0]).toBe('Sign in to answer');
  });
});

describe('a click on the notification itself', () => {
  it('marks the request seen with the stored session', async () => {
    const { deps, fetch } = fakes(async () => new Response('{}'));
    await markSeenFromNotification('n-1', deps);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/users/notificationsSeen');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['n-1'] });
  });

  it('never throws when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps } = fakes(async () => {
      throw new TypeError('offline');
    });
    await expect(markSeenFromNotification('n-1', deps)).resolves.toBeUndefined();
  });
});

describe('reporting a push the worker showed', () => {
  it('tells the server, with the stored session, that a device of the receiver showed the request', async () => {
    const { deps, fetch } = fakes(async () => new Response('{}', { status: 200 }));
    await markDeliveredFromPush('n-1', deps);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/users/notificationsDelivered');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer session-token');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['n-1'] });
  });

  it('sends nothing when signed out, and never throws when the network fails', async () => {
    const signedOut = fakes(async () => new Response('{}'), null);
    await markDeliveredFromPush('n-1', signedOut.deps);
    expect(signedOut.fetch).not.toHaveBeenCalled();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = fakes(async () => {
      throw new TypeError('offline');
    });
    await expect(markDeliveredFromPush('n-1', offline.deps)).resolves.toBeUndefined();
  });
});

describe('requestIdOf', () => {
  it('reads the request of an answerable notification only', () => {
    expect(requestIdOf({ url: '/x', requestId: 'n-1' })).toBe('n-1');
    expect(requestIdOf({ url: '/requests' })).toBeNull();
    expect(requestIdOf(null)).toBeNull();
  });
});
