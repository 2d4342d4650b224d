/** The Content-Security-Policy sources that let exactly the inline scripts of an HTML page run. */
import { createHash } from 'node:crypto';

/** A `<script>` element without `src`, and its text. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` of each inline script of `html`, in the order they appear. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map(([, text]) => text ?? '')
    .filter((text) => text !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}
