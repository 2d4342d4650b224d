/**
 * Screens rendered to HTML at build time (scripts/prerender.ts writes them into the built pages), so
 * a first paint needs no JavaScript:
 * - the sign-in screen of a visitor, which src/main.tsx then hydrates: what the browser renders for a
 *   visitor at `pathname` (English, no stored token, no pending phone);
 * - the signed-in dashboard of a placeholder user, in each language, which src/early-start.ts fills in
 *   with the user from the session check's answer on a cold start and the app then replaces.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { User } from '#common/api';
import type { Language } from '#common/languages';
import { App } from './app/app';
import { routes } from './app/routes';
import { i18n, loadLanguage, loadSignedInTexts } from './i18n/i18n';
import { startSession } from './state/user';

/** Marks the placeholder user's texts in the prerendered markup: `${PLACEHOLDER}name` is the name. */
export const PLACEHOLDER = '\uE000';

/** The signed-in user a prerendered dashboard shows until it is filled in: every text a mark. */
const placeholderUser = (language: Language): User => ({
  _id: `${PLACEHOLDER}_id`,
  name: `${PLACEHOLDER}name`,
  email: `${PLACEHOLDER}email`,
  phone: `${PLACEHOLDER}phone`,
  gender: 'Other',
  dateOfBirth: '2000-01-01',
  location: 'Ernakulam',
  city: 'Kochi',
  country: 'India',
  state: 'Kerala',
  phoneVisible: false,
  emailVisible: false,
  nameVisible: true,
  shareReadReceipts: true,
  allowCalls: true,
  quietHours: null,
  fallbackSms: true,
  fallbackCall: true,
  language,
  // An account that agreed to the privacy notice: one that has not is asked once the app runs.
  consentedAt: '2000-01-01T00:00:00.000Z',
});

/** The markup of `pathname` once every lazy part of it has loaded (no Suspense fallback left in it). */
async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects: nothing to prerender`);
  const [error] = Object.values(context.errors ?? {});
  if (error !== undefined) throw new Error(`${pathname} fails to render`, { cause: error });
  // No hydration data (the page's CSP refuses inline scripts): the browser's router runs the same
  // loaders before it renders (src/main.tsx).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </App>
    </StrictMode>,
  );
  let markup = '';
  for await (const part of prelude) markup += String(part);
  return markup;
}

export function prerender(pathname: string): Promise<string> {
  if (i18n.locale !== 'en') throw new Error('The prerendered sign-in screens are the English ones');
  return render(pathname);
}

/** The signed-in `pathname` of the placeholder user in `language` (one language at a time). */
export async function prerenderSignedIn(pathname: string, language: Language): Promise<string> {
  // A device with nothing stored: the build has no IndexedDB of its own.
  const storage = await import('fake-indexeddb');
  globalThis.indexedDB ??= storage.indexedDB;
  globalThis.IDBKeyRange ??= storage.IDBKeyRange;
  startSession(placeholderUser(language), `${PLACEHOLDER}token`);
  await loadLanguage(language);
  await loadSignedInTexts();
  return render(pathname);
}
