import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptSources', () => {
  it('names each inline script by the hash of its exact text', () => {
    const html =
      '<head><script data-early-start>run("é")</script></head><body><script>\n  other()\n</script></body>';
    expect(inlineScriptSources(html)).toEqual([sha256('run("é")'), sha256('\n  other()\n')]);
  });

  it('leaves out scripts loaded from a file, and empty ones', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script><script async src="/a.js"></script><script></script>';
    expect(inlineScriptSources(html)).toEqual([]);
  });

  it('gives a page without scripts no source at all', () => {
    expect(inlineScriptSources('<!doctype html><div id="root"></div>')).toEqual([]);
  });
});
