/** Renders a screen the way the app does: the app store, the texts, a router at the given path, the toaster. */
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18n } from '../i18n/i18n';
import { appStore, Provider } from '../lib/store';
import { AppToaster } from '../lib/toasts';

/** Shows the current path and query so tests can assert where a screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface RenderOptions {
  /** Where the router starts, with the history entry's state if any; defaults to '/'. */
  route?: string | { pathname: string; state: unknown };
  /** Mount the element only on this route pattern; by default it stays mounted whatever the path. */
  path?: string;
}

export function renderWithApp(ui: ReactElement, { route = '/', path }: RenderOptions = {}): RenderResult {
  return render(
    <Provider store={appStore}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {path === undefined ? (
            ui
          ) : (
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={null} />
            </Routes>
          )}
          <LocationProbe />
          <AppToaster />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type Responder = (call: FetchCall) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with `respond` and records every call. A responder may throw a TypeError to
 * stand for a network failure.
 */
export function stubFetch(respond: Responder): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const rawBody = init?.body;
    const call: FetchCall = {
      url: String(input),
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' && rawBody !== '' ? JSON.parse(rawBody) : undefined,
    };
    calls.push(call);
    return respond(call);
  };
  // Undone after each test by setup.ts.
  vi.stubGlobal('fetch', fake);
  return calls;
}
