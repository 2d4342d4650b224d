/**
 * Navigations the worker leaves to the server: the API, and the pages of people who are not users
 * (windscreen cards `/c/`, wiper slips `/s/`), which the server renders. Every other navigation is
 * an app route, answered with the precached shell.
 */
export const SERVER_NAVIGATIONS: RegExp[] = [/^\/api\//, /^\/c\//, /^\/s\//];
