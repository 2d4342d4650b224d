/**
 * A Vite build step for the cold start of a signed-in user. It builds src/early-start.ts into a small
 * script that index.html carries inline, right after the entry's tag (so it runs while the page is
 * still parsing, with no request of its own; the server's CSP names it by its hash), and names in
 * index.html the chunks a signed-in start of the dashboard needs beyond the entry's (the signed-in
 * shell, the dashboard, the contract the stored state is checked with, and everything they import
 * statically), in `<meta name="signed-in-chunks">`, and the dashboard prerendered for the early paint
 * (scripts/prerender-dashboard.ts). With a token stored, that script sends the session check and turns
 * the names into preloads, so no chunk waits for another to run before it is requested. A visitor
 * fetches none of it: the sign-in page prerendered for `/` and `/login` leaves it all out
 * (withoutSignedInStart).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { minify, transformWithOxc, type Plugin, type Rollup } from 'vite';
import { EARLY_SCRIPT_MARK, START_TEMPLATES } from '../common/start-snapshot';
import { signedInTemplates } from './prerender-dashboard';

/** The modules whose chunks a signed-in dashboard loads when it starts (src/app/routes.tsx, src/state/persist.ts). */
export const SIGNED_IN_START = ['src/app/signed-in-area.tsx', 'src/app/dashboard-page.tsx', 'common/api.ts'];

/** The signed-in texts of each language (src/i18n/i18n.ts), which the signed-in shell waits for. */
export const SIGNED_IN_TEXTS: Record<string, string[]> = {
  en: ['src/i18n/signed-in/en.ts', 'common/i18n/locales/en.ts'],
  ml: ['src/i18n/locales/ml.ts', 'src/i18n/signed-in/ml.ts', 'common/i18n/locales/ml.ts'],
};

const SCRIPT_SOURCE = 'src/early-start.ts';
const SCRIPT_TAG = new RegExp(
  `\\s*<meta name="signed-in-chunks"[^>]*>\\s*<meta name="signed-in-texts"[^>]*>\\s*<script ${EARLY_SCRIPT_MARK}>[\\s\\S]*?</script>`,
);

type Chunk = Rollup.OutputChunk;

function staticGraph(chunk: Chunk, byFile: Map<string, Chunk>, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = byFile.get(imported);
    if (next) staticGraph(next, byFile, seen);
  }
  return seen;
}

/** The chunks of the signed-in start that the entry does not already load, as paths from the site's root. */
export function signedInChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (entry === undefined) throw new Error('the build has no entry chunk');
  return chunksOf(SIGNED_IN_START, chunks, staticGraph(entry, byFile), byFile);
}

/** The chunks of `modules`, with what they import statically, less those in `loaded`, as paths. */
function chunksOf(modules: string[], chunks: Chunk[], loaded: Set<string>, byFile: Map<string, Chunk>) {
  const needed = new Set<string>();
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (chunk === undefined) throw new Error(`${module} is in no chunk`);
    for (const file of staticGraph(chunk, byFile)) if (!loaded.has(file)) needed.add(file);
  }
  return [...needed].map((file) => `/${file}`);
}

/** The stylesheets of the signed-in start's chunks (Vite links them as each chunk loads). */
export function signedInStyles(bundle: Rollup.OutputBundle, named: string[]): string[] {
  const styles = new Set<string>();
  for (const href of named) {
    const chunk = bundle[href.slice(1)];
    if (chunk?.type !== 'chunk') continue;
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
  }
  return [...styles];
}

/** Each language's signed-in text chunks, as `en /a.js /b.js;ml /c.js …`. */
export function signedInTexts(bundle: Rollup.OutputBundle): string {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (entry === undefined) throw new Error('the build has no entry chunk');
  const loaded = staticGraph(entry, byFile);
  return Object.entries(SIGNED_IN_TEXTS)
    .map(([language, modules]) => [language, ...chunksOf(modules, chunks, loaded, byFile)].join(' '))
    .join(';');
}

/** A page for visitors only (the prerendered sign-in screen) without the signed-in start's script. */
export function withoutSignedInStart(html: string): string {
  return html.replace(SCRIPT_TAG, '').replace(START_TEMPLATES, '');
}

async function buildScript(root: string, apiBase: string): Promise<string> {
  const source = (await readFile(path.join(root, SCRIPT_SOURCE), 'utf8')).replaceAll(
    'import.meta.env.VITE_API_BASE',
    JSON.stringify(apiBase),
  );
  const script = await transformWithOxc(source, SCRIPT_SOURCE, { lang: 'ts' });
  const { code } = await minify(SCRIPT_SOURCE.replace(/\.ts$/, '.js'), script.code, {});
  // Inside <script>, these would end the element or change how it is parsed.
  if (/<\/script|<!--/i.test(code)) throw new Error(`${SCRIPT_SOURCE} cannot be put inline`);
  return code.trim();
}

export function signedInStart(): Plugin {
  let root = '';
  let apiBase = '';
  let script: string | undefined;
  return {
    name: 'vahan:signed-in-start',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      apiBase = String(config.env.VITE_API_BASE ?? '');
    },
    async buildStart() {
      script = await buildScript(root, apiBase);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (context.bundle === undefined || script === undefined) return html;
        const templates = await signedInTemplates(root);
        const named = signedInChunks(context.bundle);
        // The stylesheets first: they are asked for in this order, and the early paint waits for them.
        const chunks = [...signedInStyles(context.bundle, named), ...named].join(' ');
        const meta = `<meta name="signed-in-chunks" content="${chunks}">`;
        const texts = `<meta name="signed-in-texts" content="${signedInTexts(context.bundle)}">`;
        // Right after the entry's tag, which the worker's snapshot answer turns into the preload the
        // script runs (sw/start-snapshot.ts), and before any stylesheet, which would hold it back.
        const early = `\n    ${meta}\n    ${texts}\n    <script ${EARLY_SCRIPT_MARK}>${script}</script>`;
        const entry = /<script type="module"[^>]*><\/script>/.exec(html);
        const withScript =
          entry === null
            ? html.replace('</head>', `  ${early}\n  </head>`)
            : html.replace(entry[0], () => `${entry[0]}${early}`);
        return withScript.replace('</body>', `  ${templates}\n  </body>`);
      },
    },
  };
}
