import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/render';
import { apiClient, isNetworkError, isUnauthorized, swallowErrors } from './api-client';
import { tokenAtom } from './token';
import { appStore } from './store';

function failWith(status: number) {
  stubFetch(() => jsonResponse({ message: 'no' }, status));
}

async function errorOf(request: Promise<unknown>): Promise<unknown> {
  try {
    await request;
  } catch (error) {
    return error;
  }
  throw new Error('the request did not fail');
}

describe('api client', () => {
  it('sends the stored token as a bearer authorization header', async () => {
    appStore.set(tokenAtom, 'abc');
    const calls = stubFetch(() => jsonResponse({}));
    await apiClient('/api/users/getMyVehicles');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
  });

  it.each([
    ['validateUser', 'earlySessionCheck'],
    ['sentRequests', 'earlySentRequests'],
  ] as const)('takes the early script’s answer to %s once, for the same token only', async (path, name) => {
    appStore.set(tokenAtom, 'abc');
    window[name] = { authorization: 'Bearer abc', answer: Promise.resolve(jsonResponse({ early: true })) };
    const calls = stubFetch(() => jsonResponse({ early: false }));
    expect(await apiClient(`/api/users/${path}`)).toEqual({ early: true });
    expect(await apiClient(`/api/users/${path}`)).toEqual({ early: false });
    expect(calls).toHaveLength(1);
    window[name] = { authorization: 'Bearer other', answer: Promise.resolve(jsonResponse({ early: true })) };
    expect(await apiClient(`/api/users/${path}`)).toEqual({ early: false });
    delete window[name];
  });

  it('sends no authorization header without a stored token', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    await apiClient('/api/users/login', { method: 'POST', body: { phone: '9847012345' } });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends JSON bodies with the JSON content type to the same origin', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    await apiClient('/api/users/login', { method: 'POST', body: { phone: '9847012345' } });
    expect(calls[0]).toMatchObject({
      url: '/api/users/login',
      method: 'POST',
      body: { phone: '9847012345' },
    });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('logs a 401 as unauthorized, possibly invalid token, and rethrows', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failWith(401);
    const error = await errorOf(apiClient('/api/users/validateUser'));
    expect(isUnauthorized(error)).toBe(true);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('unauthorized, possibly invalid token'));
  });

  it('logs a 500 as server error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failWith(500);
    await errorOf(apiClient('/api/users/getMyVehicles'));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('server error'));
  });

  it('logs any other status with its code', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failWith(409);
    await errorOf(apiClient('/api/users/addVehicle', { method: 'POST', body: {} }));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('status 409'));
  });

  it('logs a request without an answer as none received, and it is not a sign-out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await errorOf(apiClient('/api/users/getMyVehicles'));
    expect(isNetworkError(error)).toBe(true);
    expect(isUnauthorized(error)).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('none received'), expect.any(TypeError));
  });

  it('a failed request is not retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubFetch(() => jsonResponse({ message: 'down' }, 503));
    await errorOf(apiClient('/api/users/getMyVehicles'));
    expect(calls).toHaveLength(1);
  });

  it('an answered request is not a network error, whatever its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failWith(503);
    expect(isNetworkError(await errorOf(apiClient('/api/users/getMyVehicles')))).toBe(false);
  });

  it('swallowErrors turns a failure into undefined', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failWith(500);
    await expect(swallowErrors(apiClient('/api/users/unreadNotifications'))).resolves.toBeUndefined();
  });
});
