import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Waits (up to 15 s) for an element to be visible, as an assertion that fails with its selector. */
export async function expectVisible(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.isVisible(), { timeout: 15_000, message: `${String(locator)} is visible` })
    .toBe(true);
}
