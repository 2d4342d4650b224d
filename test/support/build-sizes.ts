/** Sizes of the production build in dist/, gzipped as the server sends them, with 1 KB = 1024 bytes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
export const KB = 1024;

const gzipped = new Map<string, number>();

/** The gzipped size of a file of dist/ (by its path there), read and compressed once. */
export function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file))).length;
    gzipped.set(file, size);
  }
  return size;
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;
