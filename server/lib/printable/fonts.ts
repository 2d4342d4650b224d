import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Noto Sans Malayalam as fontsource ships it: one file per script subset, so a line is drawn run by
 * run, each run in the subset that holds its letters (fontkit shapes the Malayalam conjuncts).
 */
const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-malayalam/LICENSE')),
  'files',
);

export type Script = 'latin' | 'malayalam';

export function fontFile(script: Script, bold: boolean): string {
  return path.join(fontsDir, `noto-sans-malayalam-${script}-${bold ? 700 : 400}-normal.woff`);
}

const MALAYALAM_LETTER = /[\u0D00-\u0D7F\u200C\u200D]/;

/** `text` cut into runs of one script each (spaces and punctuation are in the Latin subset only). */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const script: Script = MALAYALAM_LETTER.test(char) ? 'malayalam' : 'latin';
    const last = runs.at(-1);
    if (last?.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
