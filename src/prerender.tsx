/**
 * The sign-in screen rendered to HTML at build time (scripts/prerender.ts writes it into a copy of
 * index.html), so a visitor's first paint needs no JavaScript; src/main.tsx then hydrates it. It is
 * what the browser renders for a visitor at `pathname`: English, no stored token, no pending phone.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/routes';
import { i18n } from './i18n/i18n';

export async function prerender(pathname: string): Promise<string> {
  if (i18n.locale !== 'en') throw new Error('The prerendered screens are the English ones');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects: nothing to prerender`);
  if (context.errors) throw new Error(`${pathname} fails to render: ${JSON.stringify(context.errors)}`);
  // No hydration data (the page's CSP refuses inline scripts): the browser's router runs the same
  // loaders before it hydrates (src/main.tsx).
  return renderToString(
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
}
