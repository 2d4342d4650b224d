/** `/api` and everything under it: the API's answers, as opposed to the PWA's files and pages. */
export const isApiPath = (url: string): boolean => /^\/api(?:[/?]|$)/.test(url);
