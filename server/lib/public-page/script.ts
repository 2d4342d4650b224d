/** Where the pages' script is served (a file of our origin: the CSP refuses inline scripts). */
export const PUBLIC_PAGE_SCRIPT_PATH = '/public-page/live.js';

/**
 * Keeps a page live, when scripts run: an element with `data-live-events` names a server-sent event
 * stream; after each of its frames (and after a reconnection, which may have missed some) the page is
 * fetched again and that element's content swapped in, so the server renders every state in one
 * place. A `data-live-final` element ends the stream. Plain ES2017, for any phone's browser.
 */
export const PUBLIC_PAGE_SCRIPT = `(function () {
  var live = document.querySelector('[data-live-events]');
  if (!live || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var source = new EventSource(live.getAttribute('data-live-events'));
  var refresh = function () {
    fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-store' })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) {
        if (text === null) return;
        var fresh = new DOMParser().parseFromString(text, 'text/html').querySelector('[data-live-events]');
        if (!fresh) return;
        live.innerHTML = fresh.innerHTML;
        if (fresh.hasAttribute('data-live-final')) source.close();
      })
      .catch(function () {});
  };
  source.onopen = refresh;
  source.onmessage = refresh;
  source.addEventListener('status', refresh);
})();
`;
