/**
 * A script of its own, which index.html carries inline so that it runs while the page is still parsing,
 * with no request of its own (scripts/signed-in-start.ts builds it, puts it after the entry's tag and
 * leaves it out of the prerendered sign-in page; the server's CSP names it by its hash). With
 * a token stored it sends the session check at once, for the app's client to take (src/lib/api-client.ts),
 * and asks for the chunks of the signed-in dashboard that index.html names, so a cold start fetches what
 * it needs in one round instead of a chain of chunks and a session check sent once the shell has mounted;
 * once the check answers, it paints the dashboard prerendered at build time with the user's name in it,
 * so the greeting does not wait for the app's scripts.
 * While the page shows the worker's snapshot of the dashboard (sw/start-snapshot.ts), it keeps every
 * tap on it, by the element's place in the markup, for the app to make again once it has taken over
 * (src/app/snapshot-takeover.ts): a tap before the app is attached is neither lost nor acted on natively.
 */
{
  const taps: number[][] = [];
  window.snapshotTaps = taps;
  document.addEventListener(
    'click',
    (event) => {
      const root = document.getElementById('root');
      let target = event.target instanceof Element ? event.target : null;
      if (root?.dataset.snapshot === undefined || target === null || !root.contains(target)) return;
      event.preventDefault();
      const path: number[] = [];
      for (; target !== root && target.parentElement !== null; target = target.parentElement) {
        path.unshift([...target.parentElement.children].indexOf(target));
      }
      taps.push(path);
    },
    true,
  );

  const named = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ').filter(Boolean) ?? [];
  // The language of the first screen before the session check answers (src/i18n/device-language.ts).
  const deviceLanguage = () => {
    let chosen: string | null = null;
    try {
      chosen = localStorage.getItem('language');
    } catch {
      // Storage blocked: the browser's preference decides.
    }
    if (chosen === 'en' || chosen === 'ml') return chosen;
    return (
      navigator.languages
        .map((preference) => preference.toLowerCase().split('-')[0])
        .find((primary) => primary === 'en' || primary === 'ml') ?? 'en'
    );
  };
  // The chunks of the signed-in dashboard, its stylesheets and the texts of the device's language,
  // named by index.html, asked for in one go.
  const preloadSignedInChunks = () => {
    const texts =
      (document.querySelector<HTMLMetaElement>('meta[name="signed-in-texts"]')?.content ?? '')
        .split(';')
        .map((list) => list.split(' '))
        .find(([language]) => language === deviceLanguage())
        ?.slice(1) ?? [];
    const links = document.createDocumentFragment();
    // What the page links already (the worker's answer carries its stylesheets) is not asked for again.
    const wanted = [...named('signed-in-chunks'), ...texts].filter(
      (href) => document.querySelector(`link[href="${href}"]`) === null,
    );
    for (const href of wanted) {
      const style = href.endsWith('.css');
      const link = Object.assign(document.createElement('link'), {
        rel: style ? 'preload' : 'modulepreload',
        href,
        crossOrigin: '',
      });
      if (style) link.as = 'style';
      links.append(link);
    }
    document.head.append(links);
  };

  // The worker's snapshot answer has the entry preloaded rather than run (sw/start-snapshot.ts): it
  // runs once the parsed snapshot has had a frame, so the greeting paints before the app's scripts
  // keep the main thread busy (a timer, should no frame come, e.g. in a hidden tab).
  const entry = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-entry]');
  let entryStarted = false;
  const startEntry = () => {
    if (entry === null || entryStarted) return;
    entryStarted = true;
    preloadSignedInChunks();
    document.head.append(
      Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src: entry.href }),
    );
  };
  if (entry !== null) {
    const afterFirstFrame = () => {
      requestAnimationFrame(() => setTimeout(startEntry));
      setTimeout(startEntry, 200);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame);
    else afterFirstFrame();
  }

  // The page parsed (DOMContentLoaded would wait for the entry, a deferred module script, too).
  const parsed = new Promise((resolve) => {
    const whenParsed = () => document.readyState !== 'loading' && resolve(undefined);
    document.addEventListener('readystatechange', whenParsed);
    whenParsed();
  });
  // A stylesheet of the signed-in start, linked; resolves once it has loaded (or failed to).
  const linkStyle = (href: string) =>
    new Promise((resolve) => {
      if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`) !== null)
        return resolve(undefined);
      const link = Object.assign(document.createElement('link'), {
        rel: 'stylesheet',
        href,
        crossOrigin: '',
      });
      link.onload = link.onerror = resolve;
      document.head.append(link);
    });
  // A start with nothing on screen but the frame (a cold one, or the worker's without a snapshot):
  // the dashboard index.html holds for a placeholder user (scripts/prerender-dashboard.ts), in the
  // language the app will show, filled in as text with the user the session check answered, painted
  // once its stylesheets have loaded. The app's first render replaces it (src/app/snapshot-takeover.ts).
  const paintSignedInStart = async (user: unknown) => {
    if (typeof user !== 'object' || user === null) return;
    const fields = user as Record<string, unknown>;
    await parsed;
    const root = document.getElementById('root');
    const language =
      fields.language === 'en' || fields.language === 'ml' ? fields.language : deviceLanguage();
    const template = document.querySelector<HTMLTemplateElement>(
      `template[data-signed-in-start="${language}"]`,
    );
    if (root === null || template === null || template.dataset.path !== location.pathname) return;
    const screen = template.content.cloneNode(true) as DocumentFragment;
    for (const slot of screen.querySelectorAll<HTMLElement>('[data-fill]')) {
      const value = fields[slot.dataset.fill ?? ''];
      slot.replaceWith(typeof value === 'string' ? value : '');
    }
    await Promise.all(
      named('signed-in-chunks')
        .filter((href) => href.endsWith('.css'))
        .map(linkStyle),
    );
    // The app (or the worker's snapshot) got there first: nothing to paint.
    if (root.hasChildNodes() || root.dataset.snapshot !== undefined) return;
    root.dataset.snapshot = String(fields._id);
    root.append(screen);
  };

  let token: unknown = null;
  try {
    token = JSON.parse(localStorage.getItem('token') ?? 'null');
  } catch {
    // No stored session: a visitor's start.
  }
  if (typeof token === 'string') {
    const authorization = `Bearer ${token}`;
    const ask = (path: string) => {
      const asked = fetch(`${import.meta.env.VITE_API_BASE ?? ''}/api/users/${path}`, {
        headers: { authorization },
      });
      // Offline, nobody may take it: its failure is reported to whoever does.
      asked.catch(() => undefined);
      return { authorization, answer: asked };
    };
    // The sent requests too: an open request's status is in the app's first frame, not pushed in after it.
    const { answer } = (window.earlySessionCheck = ask('validateUser'));
    window.earlySentRequests = ask('sentRequests');
    if (entry === null) preloadSignedInChunks();
    // Read here before the app can take the answer (this callback is the first on it).
    answer
      .then((response) => (response.ok ? (response.clone().json() as Promise<{ user?: unknown }>) : null))
      .then((body) => paintSignedInStart(body?.user))
      .catch(() => undefined);
  }
}
