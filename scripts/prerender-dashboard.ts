/**
 * The cold start's first screen, made at build time: the signed-in dashboard of a placeholder user
 * (src/prerender.tsx) in each language, as `<template>`s in index.html. Each of the user's texts in
 * it is an empty `<span data-fill="name">` that src/early-start.ts fills in (as text) from the
 * session check's answer, so the greeting paints before the app's scripts have arrived; the app's
 * first render then replaces it, as it replaces the worker's snapshot on a warm start.
 */
import { JSDOM } from 'jsdom';
import { LANGUAGES, type Language } from '../common/languages';
import { snapshotMarkup } from '../src/app/snapshot-markup';
import { withAppModule } from './app-module';

/** The route a template is of: the installed app's start (public/manifest.webmanifest). */
export const TEMPLATE_PATH = '/dashboard';

interface SignedInModule {
  PLACEHOLDER: string;
  prerenderSignedIn(pathname: string, language: Language): Promise<string>;
}

/** The texts marked `${placeholder}field` made into slots for the early script to fill. */
function withSlots(document: Document, root: Element, placeholder: string): void {
  const marked = new RegExp(`${placeholder}(\\w+)`, 'g');
  const walker = document.createTreeWalker(root, document.defaultView!.NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.textContent?.includes(placeholder)) texts.push(node as Text);
  }
  for (const text of texts) {
    const parts = (text.textContent ?? '').split(marked);
    text.replaceWith(
      ...parts.map((part, index) => {
        if (index % 2 === 0) return part;
        const slot = document.createElement('span');
        slot.dataset.fill = part;
        return slot;
      }),
    );
  }
  // A mark left in an attribute would show the placeholder: the template must not be built.
  if (root.outerHTML.includes(placeholder)) {
    throw new Error(`the prerendered dashboard shows the user somewhere the early script cannot fill in`);
  }
}

/** The dashboard's shell as a start shows it before the app runs, with slots for the user's texts. */
export function templateMarkup(rendered: string, placeholder: string): string {
  const { window } = new JSDOM(`<!doctype html><body>${rendered}</body>`);
  const shell = window.document.querySelector('.shell');
  if (shell === null) throw new Error(`${TEMPLATE_PATH} renders no signed-in shell`);
  withSlots(window.document, shell, placeholder);
  return snapshotMarkup(shell);
}

/** One `<template>` per language, for index.html's body. */
export function signedInTemplates(root: string): Promise<string> {
  return withAppModule(
    root,
    '/src/prerender.tsx',
    async ({ PLACEHOLDER, prerenderSignedIn }: SignedInModule) => {
      const templates: string[] = [];
      // One language at a time: a render sets the app's language.
      for (const language of LANGUAGES) {
        const markup = templateMarkup(await prerenderSignedIn(TEMPLATE_PATH, language), PLACEHOLDER);
        templates.push(
          `<template data-signed-in-start="${language}" data-path="${TEMPLATE_PATH}">${markup}</template>`,
        );
      }
      return templates.join('\n    ');
    },
  );
}
