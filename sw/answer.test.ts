import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#common/languages';
import { answerFromNotification, markSeenFromNotification, requestIdOf } from './answer';

const notification = { tag: 'n-1', data: { url: '/dashboard?request=n-1', requestId: 'n-1' } };

function fakes(
  respond: () => Promise<Response>,
  token: string | null = 'session-token',
  language: Language = 'en',
) {
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => undefined);
  const fetch = vi.fn<typeof globalThis.fetch>(respond);
  return {
    scope: { registration: { showNotification } },
    deps: { token: async () => token, language: async () => language, fetch },
    showNotification,
    fetch,
  };
}

describe('answering from a notification action', () => {
  it('posts the answer with the stored session and confirms it in place of the notification', async () => {
    const { scope, deps, showNotification, fetch } = fakes(async () => new Response('{}', { status: 201 }));
    await answerFromNotification('five_minutes', notification, scope, deps);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/users/replyToNotification');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer session-token');
    expect(JSON.parse(String(init?.body))).toEqual({ notificationId: 'n-1', kind: 'five_minutes' });
    expect(showNotification).toHaveBeenCalledWith(
      'Answer sent: In 5 minutes',
      expect.objectContaining({ tag: 'n-1', body: 'The person waiting can see it now.' }),
    );
  });

  it("confirms the answer in the user's language: Malayalam for a Malayalam session", async () => {
    const { scope, deps, showNotification } = fakes(
      async () => new Response('{}', { status: 201 }),
      'session-token',
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

  it('says the answer failed when the network does, and the notification still opens the app', async () => {
    const { scope, deps, showNotification } = fakes(async () => {
      throw new TypeError('offline');
    });
    await answerFromNotification('coming_now', notification, scope, deps);
    expect(showNotification).toHaveBeenCalledWith(
      'Could not send your answer',
      expect.objectContaining({ tag: 'n-1', data: { url: '/dashboard?request=n-1' } }),
    );
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

describe('requestIdOf', () => {
  it('reads the request of an answerable notification only', () => {
    expect(requestIdOf({ url: '/x', requestId: 'n-1' })).toBe('n-1');
    expect(requestIdOf({ url: '/requests' })).toBeNull();
    expect(requestIdOf(null)).toBeNull();
  });
});
