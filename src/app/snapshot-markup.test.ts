import { describe, expect, it } from 'vitest';
import { snapshotMarkup } from './snapshot-markup';

function shellOf(markup: string): Element {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder.firstElementChild!;
}

describe('snapshotMarkup', () => {
  it('keeps the screen as rendered, with the menu closed and the progress bar gone', () => {
    const shell = shellOf(
      '<div class="shell" data-menu-open="true"><div class="navigation-progress"></div><h1>Hello, Anu</h1></div>',
    );
    expect(snapshotMarkup(shell)).toBe('<div class="shell" data-menu-open="false"><h1>Hello, Anu</h1></div>');
  });

  it('carries no typed text', () => {
    const shell = shellOf(
      '<div class="shell"><input name="plate" value="KL07AB1234"><textarea>Please move</textarea></div>',
    );
    expect(snapshotMarkup(shell)).toBe(
      '<div class="shell" data-menu-open="false"><input name="plate"><textarea></textarea></div>',
    );
  });

  it('turns off the buttons that would submit a form natively, and only those', () => {
    const shell = shellOf(
      '<div class="shell"><button type="button">Menu</button><form><button>Find</button><button type="button">Scan</button></form></div>',
    );
    const copy = shellOf(snapshotMarkup(shell));
    const [menu, find, scan] = copy.querySelectorAll('button');
    expect([menu!.disabled, find!.disabled, scan!.disabled]).toEqual([false, true, false]);
  });

  it('leaves the screen on the page untouched', () => {
    const shell = shellOf(
      '<div class="shell" data-menu-open="true"><form><button>Find</button></form></div>',
    );
    snapshotMarkup(shell);
    expect(shell.getAttribute('data-menu-open')).toBe('true');
    expect(shell.querySelector('button')!.disabled).toBe(false);
  });
});
