import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { chooseDeviceLanguage } from '../../i18n/follow-language';
import { LanguageSwitch } from '../../i18n/language-switch';
import './auth.css';

/** The public screens: one card, centred, the brand and the language switch above the title. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-top">
          <p className="auth-brand">{i18n._('brand')}</p>
          <LanguageSwitch
            value={i18n.locale === 'ml' ? 'ml' : 'en'}
            onChange={(language) => void chooseDeviceLanguage(language)}
          />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
