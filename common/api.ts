/**
 * The API contract of SPEC §7, written once: zod schemas for every request and response, the live
 * events, the push payload and the page-worker messages. The server validates requests with them
 * (Fastify route schemas), the PWA and the service worker parse untrusted data with them, and every
 * type is inferred from them. Written with zod's mini build so the client carries only what it uses.
 */
export * from './api/fields';
export * from './api/responses';
export * from './api/waiting-notes';
export * from './api/account-export';
export * from './api/payloads';
export * from './api/push';
export * from './api/activity';
