/**
 * The catalogues against the code (issue 16): `lingui extract` runs over the sources into a scratch
 * copy of every catalogue part, and the ids it finds must be exactly those committed, each with a
 * real English text and a Malayalam one; the compiled en.ts / ml.ts must be what `lingui compile`
 * makes of the committed .po files. No browser is needed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../lingui.config';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCALES = ['en', 'ml'] as const;
type Locale = (typeof LOCALES)[number];

/** Each catalogue part by its folder, e.g. `src/i18n/locales`. */
const parts = (config.catalogs ?? []).map((catalog) => {
  const match = /^<rootDir>\/(.+)\/\{locale\}$/.exec(catalog.path);
  if (!match?.[1]) throw new Error(`Unexpected catalogue path ${catalog.path}`);
  return match[1];
});

/** The parts the PWA loads into one Lingui instance: an id in two of them would be ambiguous. */
const PWA_PARTS = ['src/i18n/locales', 'src/i18n/signed-in', 'common/i18n/locales'];

type Catalogue = Map<string, string>;

/** msgid → msgstr of a .po file (the ids are Lingui's explicit ids). */
function readPo(file: string): Catalogue {
  const entries: Catalogue = new Map();
  const unquote = (quoted: string) => JSON.parse(quoted) as string;
  let key: 'msgid' | 'msgstr' | undefined;
  let id = '';
  let text = '';
  const flush = () => {
    if (id !== '') entries.set(id, text);
    id = '';
    text = '';
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      key = start[1] as 'msgid' | 'msgstr';
      if (key === 'msgid') id = unquote(start[2] ?? '""');
      else text = unquote(start[2] ?? '""');
    } else if (line.startsWith('"') && key) {
      if (key === 'msgid') id += unquote(line);
      else text += unquote(line);
    } else {
      key = undefined;
    }
  }
  flush();
  return entries;
}

function lingui(...args: string[]): void {
  execFileSync(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), ...args], {
    cwd: root,
    stdio: 'pipe',
  });
}

let scratch: string;
const committed = new Map<string, Record<Locale, Catalogue>>();
const extracted = new Map<string, Set<string>>();
const compiled = new Map<string, Record<Locale, string>>();

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'catalogues-'));
  for (const part of parts) {
    cpSync(join(root, part), join(scratch, part), {
      recursive: true,
      filter: (source) => !source.endsWith('.ts'),
    });
    committed.set(part, {
      en: readPo(join(root, part, 'en.po')),
      ml: readPo(join(root, part, 'ml.po')),
    });
  }
  // The project's config, its catalogues moved into the scratch folder.
  const scratchConfig = join(scratch, 'lingui.config.ts');
  writeFileSync(
    scratchConfig,
    [
      `import base from ${JSON.stringify(join(root, 'lingui.config.ts'))};`,
      'export default {',
      '  ...base,',
      `  rootDir: ${JSON.stringify(root)},`,
      '  catalogs: base.catalogs.map((catalog) => ({',
      '    ...catalog,',
      `    path: catalog.path.replace('<rootDir>', ${JSON.stringify(scratch)}),`,
      '  })),',
      '};',
      '',
    ].join('\n'),
  );
  // Compiled from the committed .po files first, then extraction rewrites the scratch .po files.
  lingui('compile', '--typescript', '--config', scratchConfig);
  for (const part of parts) {
    compiled.set(part, {
      en: readFileSync(join(scratch, part, 'en.ts'), 'utf8'),
      ml: readFileSync(join(scratch, part, 'ml.ts'), 'utf8'),
    });
  }
  lingui('extract', '--clean', '--config', scratchConfig);
  for (const part of parts) extracted.set(part, new Set(readPo(join(scratch, part, 'en.po')).keys()));
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function catalogue(part: string, locale: Locale): Catalogue {
  const found = committed.get(part)?.[locale];
  if (!found) throw new Error(`No ${locale} catalogue in ${part}`);
  return found;
}

describe.each(parts)('the catalogue %s', (part) => {
  it.each(LOCALES)('%s.po has every id the code uses', (locale) => {
    const ids = catalogue(part, locale);
    expect([...(extracted.get(part) ?? [])].filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(LOCALES)('%s.po has no id that nothing uses', (locale) => {
    const used = extracted.get(part) ?? new Set();
    expect([...catalogue(part, locale).keys()].filter((id) => !used.has(id))).toEqual([]);
  });

  it('every English text is a text, not its id or nothing', () => {
    const bad = [...catalogue(part, 'en')].filter(([id, text]) => text.trim() === '' || text === id);
    expect(bad.map(([id]) => id)).toEqual([]);
  });

  it('every Malayalam text is there', () => {
    const empty = [...catalogue(part, 'ml')].filter(([, text]) => text.trim() === '');
    expect(empty.map(([id]) => id)).toEqual([]);
  });

  it.each(LOCALES)('%s.ts is what lingui compile makes of %s.po', (locale) => {
    expect(readFileSync(join(root, part, `${locale}.ts`), 'utf8')).toBe(compiled.get(part)?.[locale]);
  });
});

describe('the PWA loads one set of ids', () => {
  it('no id is in two of the catalogue parts the PWA loads together', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const part of PWA_PARTS) {
      for (const id of catalogue(part, 'en').keys()) {
        const first = seen.get(id);
        if (first) twice.push(`${id} (${first} and ${part})`);
        else seen.set(id, part);
      }
    }
    expect(twice).toEqual([]);
  });
});
