/**
 * A script of its own, run as soon as it arrives while the page is still parsing (index.html loads it
 * `async`; scripts/signed-in-start.ts builds it and leaves it out of the prerendered sign-in page). With
 * a token stored it sends the session check at once, for the app's client to take (src/lib/api-client.ts),
 * and asks for the chunks of the signed-in dashboard that index.html names, so a cold start fetches what
 * it needs in one round instead of a chain of chunks and a session check sent once the shell has mounted.
 */
{
  let token: unknown = null;
  try {
    token = JSON.parse(localStorage.getItem('token') ?? 'null');
  } catch {
    // No stored session: a visitor's start.
  }
  if (typeof token === 'string') {
    const authorization = `Bearer ${token}`;
    const answer = fetch(`${import.meta.env.VITE_API_BASE ?? ''}/api/users/validateUser`, {
      headers: { authorization },
    });
    // Offline, nobody may take it: its failure is reported to whoever does.
    answer.catch(() => undefined);
    window.earlySessionCheck = { authorization, answer };
    const named = document.querySelector<HTMLMetaElement>('meta[name="signed-in-chunks"]')?.content ?? '';
    for (const href of named.split(' ').filter(Boolean)) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
  }
}
