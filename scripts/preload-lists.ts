/**
 * A Vite build step that trims the preload list Vite writes beside each dynamic import (the
 * `__vite__mapDeps` table, which the entry chunk carries for every route). Vite names every chunk the
 * imported one needs, even those the importing chunk has already loaded through its own static
 * imports (rolldown's runtime, on every route of the entry): at run time they are found loaded and
 * skipped, so naming them only adds bytes, hashed file names that barely compress. A list left with
 * the imported chunk alone is dropped, as Vite itself drops one: the import fetches that chunk anyway.
 */
import type { Plugin, Rollup } from 'vite';

/** Each chunk's static imports, transitively, by file name: what has loaded by the time it runs. */
const loadedBefore = new Map<string, Set<string>>();

/** Records what each chunk loads statically; Vite writes the preload lists after, in a post plugin. */
export function recordStaticImports(): Plugin {
  return {
    name: 'vahan:record-static-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        for (const imported of chunks.get(file)?.imports ?? []) {
          if (!seen.has(imported)) closure(imported, seen.add(imported));
        }
        return seen;
      };
      loadedBefore.clear();
      for (const file of chunks.keys()) loadedBefore.set(file, closure(file));
    },
  };
}

/**
 * `build.modulePreload.resolveDependencies`: the JavaScript to preload when `hostId` imports `file`,
 * less what `hostId` has loaded already. Stylesheets are not passed here and are always kept.
 */
export function notYetLoaded(file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  const loaded = loadedBefore.get(hostId);
  const needed = loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  return needed.length === 1 && needed[0] === file ? [] : needed;
}
