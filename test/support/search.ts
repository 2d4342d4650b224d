import type { Page } from 'playwright-core';
import type { Language } from '#common/languages';
import { pwaTexts } from './texts';

/** Types `vehicleNumber` into the home search and asks for its owner, in the app's `language`. */
export async function search(page: Page, language: Language, vehicleNumber: string): Promise<void> {
  const t = pwaTexts(language);
  await page.getByRole('textbox', { name: t._('search.numberLabel') }).fill(vehicleNumber);
  await page.getByRole('button', { name: t._('search.submit') }).click();
}
