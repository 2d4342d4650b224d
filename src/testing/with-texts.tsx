/** For components tested alone: the texts they read with useLingui, as the app provides them. */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

export function WithTexts({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
