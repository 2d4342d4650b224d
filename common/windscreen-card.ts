import type { I18n } from '@lingui/core';

/** The product's name as printed on a card; a brand, the same in every language. */
export const BRAND = 'Vahan Contact';

/** The card's one sentence to whoever is blocked in, in `i18n`'s language. */
export function cardCallToAction(i18n: I18n): string {
  return i18n._('card.callToAction');
}
