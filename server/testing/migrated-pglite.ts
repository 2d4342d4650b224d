import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the data directory of a migrated, empty PGlite. */
    migratedPgliteImage: string;
  }
}

/**
 * Vitest global setup of the PGlite server projects: creating and migrating a PGlite costs each
 * test file more than a second, so the projects migrate one once, on disk, and every test database
 * starts in memory as a copy of it (see `createTestDatabase`).
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'vahan-pglite-'));
  const dataDir = join(folder, 'data');
  await (await openDatabase({ kind: 'pglite', dataDir })).close();
  const migrated = await PGlite.create(dataDir);
  const image = join(folder, 'migrated.tar');
  try {
    await writeFile(image, Buffer.from(await (await migrated.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await migrated.close();
  }
  project.provide('migratedPgliteImage', image);
  return () => rm(folder, { recursive: true, force: true });
}
