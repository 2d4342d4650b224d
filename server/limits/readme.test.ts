import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../config';
import { LIMITS } from '.';

/** The rows of the README's configuration table: the variables each names, and its default cell. */
function configurationRows(): { names: string[]; byDefault: string }[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable')));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', byDefault = ''] = line.split('|').slice(1);
      return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1] ?? ''), byDefault };
    });
}

describe("the README's configuration table", () => {
  const rows = configurationRows();

  it('has a row for every declared limit, with the declared default', () => {
    const defaults = new Map(rows.flatMap((row) => row.names.map((name) => [name, row.byDefault.trim()])));
    const differing = Object.entries(LIMITS)
      .filter(([name, limit]) => defaults.get(name) !== `\`${limit.default}\``)
      .map(
        ([name, limit]) => `${name}: README ${defaults.get(name) ?? 'has no row'}, declared ${limit.default}`,
      );
    expect(differing).toEqual([]);
  });

  it('names only settings the server reads', () => {
    const unknown = rows.flatMap((row) => row.names).filter((name) => !SETTING_NAMES.includes(name));
    expect(unknown).toEqual([]);
  });
});
