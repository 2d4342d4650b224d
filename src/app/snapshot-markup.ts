/**
 * A signed-in screen's markup as a start may show it before the app runs: the worker's snapshot of the
 * last dashboard (src/app/start-snapshot.ts) and the dashboard prerendered at build time for the cold
 * start (src/prerender.tsx) alike. What it must not carry goes: the open menu, the progress bar, typed
 * text; and the buttons that submit a form are off, so a tap made before the app is attached cannot
 * submit it natively.
 */
export function snapshotMarkup(shell: Element): string {
  const copy = shell.cloneNode(true) as Element;
  copy.setAttribute('data-menu-open', 'false');
  for (const transient of copy.querySelectorAll('.navigation-progress')) transient.remove();
  for (const field of copy.querySelectorAll('input:not([type="hidden"]), textarea')) {
    field.removeAttribute('value');
    field.textContent = '';
  }
  for (const submit of copy.querySelectorAll('form button:not([type="button"]), form input[type="submit"]')) {
    submit.setAttribute('disabled', '');
  }
  return copy.outerHTML;
}
