/**
 * The app taking over the worker's snapshot of the dashboard (sw/start-snapshot.ts). React's first
 * commit replaces the snapshot in one go (no frame without it, nothing moves); whatever the user typed
 * into it before the app was attached is read during that first render, while the snapshot is still
 * on the page, and carried into the app's own fields, focus included; the taps made on it (kept by
 * src/early-start.ts) are made again on the same places of the app's screen.
 */
import { useEffect, useLayoutEffect, useState } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

interface Typed {
  root: HTMLElement;
  fields: { name: string; value: string }[];
  focused: number;
}

const fieldsOf = (root: HTMLElement) => [...root.querySelectorAll<Field>('input, textarea')];

function readSnapshot(): Typed | null {
  // Rendered at build time too (src/prerender.tsx), where there is no page.
  if (typeof document === 'undefined') return null;
  const root = document.getElementById('root');
  if (root?.dataset.snapshot === undefined) return null;
  const fields = fieldsOf(root);
  return {
    root,
    fields: fields.map((field) => ({ name: field.name, value: field.value })),
    focused: fields.findIndex((field) => field === document.activeElement),
  };
}

/** Sets a field's value the way typing does, so the app's own state follows. */
function typeInto(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The element at `path` (child indices) under `root`, if the app's screen has one there. */
function elementAt(root: Element, path: number[]): HTMLElement | null {
  let element: Element | null | undefined = root;
  for (const index of path) element = element?.children[index];
  // A tap on an icon (SVG, which has no click()) is a tap on the control that holds it.
  while (element && !(element instanceof HTMLElement)) element = element.parentElement;
  return element ?? null;
}

function carryOver({ root, fields, focused }: Typed): void {
  delete root.dataset.snapshot;
  const now = fieldsOf(root);
  fields.forEach(({ name, value }, index) => {
    const field = now[index];
    if (field === undefined || field.name !== name) return;
    if (value !== '' && field.value === '') typeInto(field, value);
    if (index === focused) field.focus();
  });
}

/** After every layout effect of the screen (a link or navigate() is inert before its own has run). */
function tapAgain(root: HTMLElement): void {
  for (const path of window.snapshotTaps?.splice(0) ?? []) elementAt(root, path)?.click();
}

/** In the screen the snapshot was taken of: on its first render, takes over what the snapshot held. */
export function useSnapshotTakeover(): void {
  const [typed] = useState(readSnapshot);
  useLayoutEffect(() => {
    if (typed !== null) carryOver(typed);
  }, [typed]);
  useEffect(() => {
    if (typed !== null) tapAgain(typed.root);
  }, [typed]);
}
