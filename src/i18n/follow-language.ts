/**
 * Keeps the shown language equal to the one that applies: the signed-in account's, else the device's.
 * The user atom is the source; a choice before sign-in is remembered on the device.
 */
import type { Language } from '#common/languages';
import { appStore } from '../lib/store';
import { userAtom } from '../state/user';
import { deviceLanguage, rememberDeviceLanguage } from './device-language';
import { activateLanguage } from './i18n';

function currentLanguage(): Language {
  return appStore.get(userAtom)?.language ?? deviceLanguage();
}

/** Before the first render: the catalogue of the language that applies, then on every change of user. */
export function startFollowingLanguage(): Promise<void> {
  appStore.sub(userAtom, () => void activateLanguage(currentLanguage()));
  return activateLanguage(currentLanguage());
}

/** A choice on the sign-in or registration screens: remembered on this device. */
export function chooseDeviceLanguage(language: Language): Promise<void> {
  rememberDeviceLanguage(language);
  return activateLanguage(language);
}
