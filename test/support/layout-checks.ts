import type { Page } from 'playwright-core';

/**
 * Text that does not fit at the page's width: the page scrolling sideways, an element with text
 * reaching past the viewport, or text cut off by an element that hides its overflow.
 */
export function textOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px > ${width} px`);
    }
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className)}"` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of document.querySelectorAll('body *')) {
      if (!(element instanceof HTMLElement)) continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!ownText || element.getClientRects().length === 0) continue;
      const box = element.getBoundingClientRect();
      // Text kept for screen readers only (1 px, clipped) is hidden on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('[aria-hidden="true"]')) continue;
      if (box.right > width + 1 || box.left < -1)
        problems.push(`${describe(element)} reaches past the screen`);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      if (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `${describe(element)} is cut off (${element.scrollWidth} px in ${element.clientWidth} px)`,
        );
      }
      if (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1) {
        problems.push(
          `${describe(element)} is cut off below (${element.scrollHeight} px in ${element.clientHeight} px)`,
        );
      }
    }
    return problems;
  });
}

/** The smallest touch target people can hit reliably on a phone (WCAG 2.5.5, the app's `--tap`). */
export const TAP_PX = 44;

/**
 * Controls on the page smaller than `TAP_PX` either way, under `within` (a CSS selector; the whole
 * page by default): links, buttons, inputs, selects and text areas that are shown. A radio button or
 * a check box counts by the label around it, which takes the tap.
 */
export function smallControls(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ within, min }) => {
      const problems: string[] = [];
      const controls = document.querySelectorAll(
        `${within} a, ${within} button, ${within} input:not([type=hidden]), ${within} select, ${within} textarea`,
      );
      for (const control of controls) {
        if (!(control instanceof HTMLElement) || control.getClientRects().length === 0) continue;
        if (control.closest('[aria-hidden="true"], [hidden]')) continue;
        const style = getComputedStyle(control);
        if (style.visibility === 'hidden') continue;
        const checkable = control instanceof HTMLInputElement && ['radio', 'checkbox'].includes(control.type);
        const target = (checkable && control.closest('label')) || control;
        const box = target.getBoundingClientRect();
        // Kept for screen readers only (1 px, clipped), or a toggle's input drawn by its track.
        if (box.width <= 1 || box.height <= 1 || style.opacity === '0') continue;
        if (box.width + 0.5 < min || box.height + 0.5 < min) {
          const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
          problems.push(
            `<${control.tagName.toLowerCase()}${control.className ? ` class="${String(control.className)}"` : ''}${control.getAttribute('name') ? ` name="${control.getAttribute('name')}"` : ''}> "${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`,
          );
        }
      }
      return problems;
    },
    { within, min: TAP_PX },
  );
}
