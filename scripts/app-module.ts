/** The app's own modules at build time, for the screens prerendered into the built pages. */
import { createServer } from 'vite';

/**
 * Loads `module` of the app through Vite's SSR module loader (a server of its own, so no state of one
 * render leaks into another) and hands it to `use`.
 */
export async function withAppModule<Module, Result>(
  root: string,
  module: string,
  use: (loaded: Module) => Promise<Result>,
): Promise<Result> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    return await use((await server.ssrLoadModule(module)) as Module);
  } finally {
    await server.close();
  }
}
