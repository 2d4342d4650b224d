import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../..');

/** The server's production modules (tests and test support aside), relative to server/. */
function productionModules(folder = SERVER): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return ['testing', 'migrations', 'fuzz'].includes(entry.name) ? [] : productionModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SERVER, path)] : [];
  });
}

/** The modules whose source matches `pattern`. */
const modulesMatching = (pattern: RegExp) =>
  productionModules().filter((module) => pattern.test(readFileSync(join(SERVER, module), 'utf8')));

describe('a request', () => {
  it('is stored under the send rule only by the one entry', () => {
    expect(modulesMatching(/(?<!function )preparedCheckedSend\(/)).toEqual(['domain/requests/reach.ts']);
  });

  it('is stored by no statement but the send rule’s database function', () => {
    expect(modulesMatching(/store_checked_request\(/)).toEqual(['domain/requests/send-rule/send-rule.ts']);
  });

  it('is inserted into the requests table directly only as the service’s own notice', () => {
    expect(modulesMatching(/\.insert\(\s*(requests|notifications)\b/)).toEqual([
      'domain/requests/system-notices.ts',
    ]);
  });

  it('finds the modules it checks', () => {
    expect(productionModules()).toContain('domain/requests/reach.ts');
    expect(productionModules().length).toBeGreaterThan(100);
  });
});
