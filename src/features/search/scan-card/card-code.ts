/**
 * The code of a windscreen card from what its QR code (or a pasted link) says: a web address whose
 * path is `/c/{code}`. Anything else is no card of ours.
 */
export function cardCodeOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^\/c\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname);
  return match?.[1] ?? null;
}
