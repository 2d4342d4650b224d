/**
 * drizzle-kit diffs server/db/schema.ts against the newest snapshot in server/db/migrations/meta: a
 * stale snapshot makes `npm run db:generate` write a migration that creates again what earlier
 * migrations created. Generating into a copy of the migrations must find nothing to do.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const DRIZZLE_KIT = join('node_modules', '.bin', 'drizzle-kit');

it('finds the schema in step with the newest migration snapshot: generating writes nothing', () => {
  const copy = mkdtempSync(join(tmpdir(), 'vahan-migrations-'));
  try {
    cpSync(join('server', 'db', 'migrations'), copy, { recursive: true });
    const before = readdirSync(copy, { recursive: true }).sort();
    // drizzle-kit reads --out relative to the working directory, whatever it is given.
    const args = ['generate', '--dialect', 'postgresql', '--schema', './server/db/schema.ts'];
    const generated = spawnSync(
      DRIZZLE_KIT,
      [...args, '--out', relative(process.cwd(), copy), '--name', 'probe'],
      {
        encoding: 'utf8',
      },
    );
    expect(generated.status, generated.stderr).toBe(0);
    expect(generated.stdout).toContain('No schema changes');
    expect(readdirSync(copy, { recursive: true }).sort()).toEqual(before);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}, 60_000);
