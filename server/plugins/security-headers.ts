import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-path';
import { inlineScriptSources } from '../lib/inline-scripts';
import { YEAR_S } from '#common/durations';

/**
 * The hosts Firebase's web SDK calls for a device token (firebase 12: @firebase/installations and
 * @firebase/messaging). Nothing else of Google's is fetched by the page: pushes reach it through our
 * own service worker, and the browser talks to the push service itself, outside the page's CSP.
 */
const FIREBASE_CONNECT_HOSTS = [
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
];

/**
 * Powerful features: the camera and the location for our own pages only (the dashboard's "Scan a
 * card", a photo's "Add my location"), never for a frame; the rest the app never uses, so no page of
 * ours (or a frame in it) may ask for them.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The inline scripts the built page carries (its early script), by hash; none without a build. */
function builtPageScripts(distDir: string): string[] {
  const page = path.join(distDir, 'index.html');
  return existsSync(page) ? inlineScriptSources(readFileSync(page, 'utf8')) : [];
}

function contentSecurityPolicy(options: { push: boolean; tls: boolean; inlineScripts: string[] }) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.inlineScripts],
    'style-src': ["'self'"],
    // react-hot-toast (through goober) keeps its few rules in one <style> element it writes at run
    // time, so no hash can name it. Only style elements are let in: style attributes in markup stay
    // refused, and React's style props are set through CSSOM, which CSP does not govern.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    // blob: the photos of requests, read with the session's token (an <img src> cannot send it), and
    // the photo a sender is about to send.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.push ? FIREBASE_CONNECT_HOSTS : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...(options.tls ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response (API, static files, the page, errors), set when the request
 * arrives so that no later failure can send a response without them. Every API answer (errors and the
 * live stream included) is `Cache-Control: no-store`: it is one user's data, and no browser cache or
 * proxy may keep it; a route may still set something of its own. Helmet's middleware is built
 * once: the Fastify wrapper built it again for every request, parsing the policy each time.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const tls = app.config.hsts;
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy({
          push: app.config.firebase !== null,
          tls,
          inlineScripts: builtPageScripts(app.config.distDir),
        }),
      },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: tls ? { maxAge: YEAR_S, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      if (isApiPath(request.url)) reply.raw.setHeader('cache-control', 'no-store');
      setHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });
  },
  { name: 'security-headers' },
);
