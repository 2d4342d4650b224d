/** The build step that makes the cold start's dashboard templates (scripts/prerender-dashboard.ts). */
import { describe, expect, it } from 'vitest';
import { templateMarkup } from '../scripts/prerender-dashboard';

const MARK = '\uE000';

describe('templateMarkup', () => {
  it("makes each of the placeholder user's texts a slot, wherever it is in a text", () => {
    expect(
      templateMarkup(
        `<div class="shell"><h2>Hello, ${MARK}name!</h2><p>${MARK}name ${MARK}email</p></div>`,
        MARK,
      ),
    ).toBe(
      '<div class="shell" data-menu-open="false"><h2>Hello, <span data-fill="name"></span>!</h2>' +
        '<p><span data-fill="name"></span> <span data-fill="email"></span></p></div>',
    );
  });

  it('keeps only the shell, as a start shows it: the menu closed and the form unable to submit natively', () => {
    expect(
      templateMarkup(
        '<div class="shell" data-menu-open="true"><form><input value="KL07"><button>Find</button></form></div><p>after</p>',
        MARK,
      ),
    ).toBe(
      '<div class="shell" data-menu-open="false"><form><input><button disabled="">Find</button></form></div>',
    );
  });

  it('refuses a user shown where the early script cannot fill it in', () => {
    expect(() => templateMarkup(`<div class="shell"><img alt="${MARK}name"></div>`, MARK)).toThrow(
      /cannot fill in/,
    );
  });

  it('refuses a render without the signed-in shell', () => {
    expect(() => templateMarkup('<main>Sign in</main>', MARK)).toThrow(/no signed-in shell/);
  });
});
