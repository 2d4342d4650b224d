import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { firebaseEnv, webConfig } from '../../testing/push-fixtures';

describe('GET /api/config', () => {
  let plain: TestApp;
  let withPush: TestApp;
  beforeAll(async () => {
    [plain, withPush] = await Promise.all([createTestApp(), createTestApp({ env: firebaseEnv })]);
  });
  afterAll(() => Promise.all([plain.close(), withPush.close()]));

  it('says push is off when Firebase is not configured', async () => {
    const response = await plain.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      grievanceEmail: null,
      retention: { codeHours: 24, requestDays: 180 },
      activeUsers: 0,
      sessionMaxDays: 90,
      push: null,
    });
  });

  it('gives the VAPID key and the Firebase web config when push is configured', async () => {
    const response = await withPush.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      grievanceEmail: null,
      retention: { codeHours: 24, requestDays: 180 },
      activeUsers: 0,
      sessionMaxDays: 90,
      push: { vapidKey: 'BNv-test-vapid-key', firebase: webConfig },
    });
  });

  it("gives the sessions' longest lifetime as SESSION_MAX_DAYS sets it", async () => {
    const shortSessions = await createTestApp({ env: { SESSION_MAX_DAYS: '30' } });
    try {
      const response = await shortSessions.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toMatchObject({ sessionMaxDays: 30 });
    } finally {
      await shortSessions.close();
    }
  });

  it('counts the people with an account, counting again only after a minute', async () => {
    const counted = await createTestApp();
    try {
      const activeUsers = async () =>
        (await counted.inject({ method: 'GET', url: '/api/config' })).json<{ activeUsers: number }>()
          .activeUsers;
      await counted.signUp();
      await counted.signUp();
      expect(await activeUsers()).toBe(2);
      await counted.signUp();
      counted.clock.advance(59_000);
      expect(await activeUsers()).toBe(2);
      counted.clock.advance(1_000);
      expect(await activeUsers()).toBe(3);
    } finally {
      await counted.close();
    }
  });

  it('never reveals the service account', async () => {
    const response = await withPush.inject({ method: 'GET', url: '/api/config' });
    expect(response.body).not.toContain('private_key');
    expect(response.body).not.toContain('client_email');
  });

  it('names the grievance contact and the retention settings for the privacy notice', async () => {
    const withContact = await createTestApp({
      env: {
        GRIEVANCE_EMAIL: 'grievance@vahan.example',
        CODE_RETENTION_HOURS: '12',
        REQUEST_RETENTION_DAYS: '90',
      },
    });
    try {
      const response = await withContact.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toMatchObject({
        grievanceEmail: 'grievance@vahan.example',
        retention: { codeHours: 12, requestDays: 90 },
      });
    } finally {
      await withContact.close();
    }
  });

  it('needs no session', async () => {
    const response = await withPush.inject({ method: 'GET', url: '/api/config', headers: {} });
    expect(response.statusCode).toBe(200);
  });
});

describe('Firebase web config', () => {
  it('is refused at start when a field the PWA needs is missing', () => {
    const { apiKey: _apiKey, ...withoutApiKey } = webConfig;
    expect(() => loadConfig({ ...firebaseEnv, FIREBASE_WEB_CONFIG: JSON.stringify(withoutApiKey) })).toThrow(
      ConfigError,
    );
  });
});
