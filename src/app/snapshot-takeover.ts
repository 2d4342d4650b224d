/**
 * The app taking over the worker's snapshot of the dashboard (sw/start-snapshot.ts): its first
 * commit replaces the snapshot in one go (no frame without it, nothing moves), and whatever the user
 * typed into it before the app was attached is carried into the app's own fields, focus included.
 */
import { appStore } from '../lib/store';
import { tokenAtom } from '../lib/token';
import { userAtom } from '../state/user';

type Field = HTMLInputElement | HTMLTextAreaElement;

const fieldsOf = (root: HTMLElement) => [...root.querySelectorAll<Field>('input, textarea')];

/** Sets a field's value the way typing does, so the app's own state follows. */
function typeInto(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Whether the snapshot is the signed-in user's: a page whose user is someone else never shows it. */
export function isSnapshotOfSignedInUser(root: HTMLElement): boolean {
  return appStore.get(tokenAtom) !== null && appStore.get(userAtom)?._id === root.dataset.snapshot;
}

/** `commit` renders the app into `root` and returns once it is on screen (it replaces the snapshot). */
export function replaceSnapshot(root: HTMLElement, commit: () => void): void {
  if (!isSnapshotOfSignedInUser(root)) root.replaceChildren();
  const before = fieldsOf(root);
  const focused = before.findIndex((field) => field === document.activeElement);
  const typed = before.map((field) => ({ name: field.name, value: field.value }));
  commit();
  delete root.dataset.snapshot;
  const after = fieldsOf(root);
  typed.forEach(({ name, value }, index) => {
    const field = after[index];
    if (field === undefined || field.name !== name) return;
    if (value !== '' && field.value === '') typeInto(field, value);
    if (index === focused) field.focus();
  });
}
