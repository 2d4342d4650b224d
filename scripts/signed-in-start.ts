/**
 * A Vite build step for the cold start of a signed-in user. It builds src/early-start.ts into a small
 * script of its own that index.html loads `async` (it runs while the page is still parsing, before the
 * entry chunk has even arrived), and names in index.html the chunks a signed-in start of the dashboard
 * needs beyond the entry's (the signed-in shell, the dashboard, the contract the stored state is
 * checked with, and everything they import statically), in `<meta name="signed-in-chunks">`. With a
 * token stored, that script sends the session check and turns the names into modulepreloads, so no
 * chunk waits for another to run before it is requested. A visitor fetches none of it: the sign-in
 * page prerendered for `/` and `/login` leaves the script out (withoutSignedInStart).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { minify, transformWithOxc, type Plugin, type Rollup } from 'vite';

/** The modules whose chunks a signed-in dashboard loads when it starts (src/app/routes.tsx, src/state/persist.ts). */
export const SIGNED_IN_START = ['src/app/signed-in-area.tsx', 'src/app/dashboard-page.tsx', 'common/api.ts'];

const SCRIPT_SOURCE = 'src/early-start.ts';
const SCRIPT_TAG = /\s*<script async src="\/assets\/early-start-[\w-]+\.js"><\/script>/;

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
  const loadedWithEntry = staticGraph(entry, byFile);
  const needed = new Set<string>();
  for (const module of SIGNED_IN_START) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (chunk === undefined) throw new Error(`${module} is in no chunk`);
    for (const file of staticGraph(chunk, byFile)) if (!loadedWithEntry.has(file)) needed.add(file);
  }
  return [...needed].map((file) => `/${file}`);
}

/** A page for visitors only (the prerendered sign-in screen) without the signed-in start's script. */
export function withoutSignedInStart(html: string): string {
  return html.replace(SCRIPT_TAG, '');
}

async function buildScript(root: string, apiBase: string): Promise<{ fileName: string; source: string }> {
  const source = (await readFile(path.join(root, SCRIPT_SOURCE), 'utf8')).replaceAll(
    'import.meta.env.VITE_API_BASE',
    JSON.stringify(apiBase),
  );
  const script = await transformWithOxc(source, SCRIPT_SOURCE, { lang: 'ts' });
  const { code } = await minify(SCRIPT_SOURCE.replace(/\.ts$/, '.js'), script.code, {});
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  return { fileName: `assets/early-start-${hash}.js`, source: code };
}

export function signedInStart(): Plugin {
  let root = '';
  let apiBase = '';
  let script: { fileName: string; source: string } | undefined;
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
    generateBundle() {
      if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.bundle === undefined || script === undefined) return html;
        const meta = `<meta name="signed-in-chunks" content="${signedInChunks(context.bundle).join(' ')}">`;
        const tag = `<script async src="/${script.fileName}"></script>`;
        return html.replace('</head>', `  ${meta}\n    ${tag}\n  </head>`);
      },
    },
  };
}
