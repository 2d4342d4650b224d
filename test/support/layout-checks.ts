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
