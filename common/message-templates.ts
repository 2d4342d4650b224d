import type { I18n } from '@lingui/core';
import { normaliseVehicleNumber } from './vehicle-number';

/** SPEC §9: the five suggested texts, by key, so a template is stored once and read in any language. */
export const TEMPLATE_KEYS = ['blocking', 'obstruction', 'moveSoon', 'attention', 'relocate'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** One suggested text in `i18n`'s language, naming the vehicle in upper case. */
export function templateText(i18n: I18n, key: TemplateKey, vehicleNumber: string): string {
  const plate = vehicleNumber.toUpperCase();
  switch (key) {
    case 'blocking':
      return i18n._('template.blocking', { plate });
    case 'obstruction':
      return i18n._('template.obstruction', { plate });
    case 'moveSoon':
      return i18n._('template.moveSoon', { plate });
    case 'attention':
      return i18n._('template.attention', { plate });
    case 'relocate':
      return i18n._('template.relocate', { plate });
  }
}

/** SPEC §9: five suggested texts, each naming the vehicle (shown in upper case). */
export function messageTemplates(i18n: I18n, vehicleNumber: string): string[] {
  return TEMPLATE_KEYS.map((key) => templateText(i18n, key, vehicleNumber));
}

/** Stands for the vehicle number while a template is compared with a typed text. */
const PLATE_MARK = '\u0000';

/**
 * The template `text` is (after trimming) for this vehicle in any of the languages of `texts`, or
 * null for free text: a template is stored by key so each reader gets it in their own language. The
 * vehicle number may be written in any case, spaced or hyphenated, as clients send it.
 */
export function templateKeyOf(
  texts: readonly I18n[],
  text: string,
  vehicleNumber: string,
): TemplateKey | null {
  const typed = text.trim();
  const plate = normaliseVehicleNumber(vehicleNumber);
  const fits = (i18n: I18n, key: TemplateKey) => {
    const [before = '', after = ''] = templateText(i18n, key, PLATE_MARK).split(PLATE_MARK);
    if (typed.length <= before.length + after.length) return false;
    if (!typed.startsWith(before) || !typed.endsWith(after)) return false;
    return normaliseVehicleNumber(typed.slice(before.length, typed.length - after.length)) === plate;
  };
  for (const i18n of texts) {
    const key = TEMPLATE_KEYS.find((candidate) => fits(i18n, candidate));
    if (key) return key;
  }
  return null;
}

/** The API's notification title (SPEC §7): the same in every language; readers see it translated. */
export const NOTIFICATION_TITLE = 'Vehicle Notification';

export function notificationTitle(i18n: I18n): string {
  return i18n._('template.notificationTitle');
}

export function randomTemplate(
  i18n: I18n,
  vehicleNumber: string,
  random: () => number = Math.random,
): string {
  const templates = messageTemplates(i18n, vehicleNumber);
  return templates[Math.floor(random() * templates.length)] ?? templates[0]!;
}
