/**
 * The sign-in screen prerendered at build time for visitors (scripts/prerender.ts writes it, the
 * server sends it, src/main.tsx hydrates it).
 */

/** The page, relative to the build's output folder. */
export const PRERENDERED_PAGE = 'prerendered/login.html';

/** The paths that show a visitor the sign-in screen (SPEC §2), and so may be sent the page. */
export const PRERENDERED_PATHS: readonly string[] = ['/login', '/'];
