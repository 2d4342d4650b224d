import { describe, expect, it } from 'vitest';
import { SERVER_NAVIGATIONS } from './navigation';

const isAppNavigation = (path: string) => !SERVER_NAVIGATIONS.some((pattern) => pattern.test(path));

describe('navigations the worker answers with the app shell', () => {
  it('leaves windscreen card and wiper slip pages, and the API, to the server', () => {
    for (const path of ['/c/k3m9v8q2x7p4w6zt5n', '/c/k3m9/sent/token', '/s/abc', '/api/config']) {
      expect(isAppNavigation(path), path).toBe(false);
    }
  });

  it('answers the app routes, including ones that merely start with the same letters', () => {
    for (const path of ['/', '/dashboard', '/myVehicle', '/cards', '/settings']) {
      expect(isAppNavigation(path), path).toBe(true);
    }
  });
});
