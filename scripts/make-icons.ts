/**
 * Renders the app icons in public/icons/ from the mark in scripts/icons/mark.svg with Debian's Chromium
 * (no network). Run after changing the mark: `node --import tsx scripts/make-icons.ts`
 * (CHROMIUM_PATH overrides /usr/bin/chromium). The PNGs are committed; this script is how they were made.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../test/support/chromium';

/** The theme colour; the bell's ring in the mark is drawn in it too. */
const BACKGROUND = '#0f766e';
const CANVAS = 512;

interface IconSpec {
  file: string;
  size: number;
  /** `rounded`: a rounded square with a transparent margin (purpose any); `full`: full-bleed square. */
  shape: 'rounded' | 'full';
  /** Size of the mark relative to the canvas. */
  scale: number;
}

const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, shape: 'rounded', scale: 0.84 },
  { file: 'icon-512.png', size: 512, shape: 'rounded', scale: 0.84 },
  // The mark's farthest pixel lies 226/512 from the centre: at 0.86 it stays inside the safe zone (radius 40%).
  { file: 'icon-maskable-512.png', size: 512, shape: 'full', scale: 0.86 },
  { file: 'apple-touch-icon-180.png', size: 180, shape: 'full', scale: 0.86 },
];

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

function markContent(svg: string): string {
  const content = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
  if (content === undefined) throw new Error('scripts/icons/mark.svg has no <svg> element');
  return content;
}

function iconSvg(mark: string, { size, shape, scale }: IconSpec): string {
  const background =
    shape === 'rounded'
      ? `<rect x="24" y="24" width="464" height="464" rx="104" fill="${BACKGROUND}"/>`
      : `<rect width="${CANVAS}" height="${CANVAS}" fill="${BACKGROUND}"/>`;
  const centre = CANVAS / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${CANVAS} ${CANVAS}">`,
    background,
    `<g transform="translate(${centre} ${centre}) scale(${scale}) translate(${-centre} ${-centre})">${mark}</g>`,
    '</svg>',
  ].join('');
}

async function main(): Promise<void> {
  const mark = markContent(await readFile(root('scripts/icons/mark.svg'), 'utf8'));
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium: install Debian's chromium or set CHROMIUM_PATH.");
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      await page.setContent(
        `<!doctype html><body style="margin:0;background:transparent">${iconSvg(mark, icon)}</body>`,
      );
      await page.screenshot({
        path: root(`public/icons/${icon.file}`),
        omitBackground: true,
        clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      });
      await page.close();
      console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
