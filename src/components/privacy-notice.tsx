import { useLingui } from '@lingui/react';
import type { RuntimeConfig } from '#common/api';

interface PrivacyNoticeProps {
  /** From GET /api/config; null until it has come (the notice then omits the grievance contact). */
  config: Pick<RuntimeConfig, 'grievanceEmail' | 'retention'> | null;
}

const DEFAULT_RETENTION = { codeHours: 24, requestDays: 180 };

/**
 * The short notice of the DPDP Act 2023, before consent: what is collected and why, what finders see,
 * the providers that receive data, how long it is kept, the user's rights and the grievance contact.
 */
export function PrivacyNotice({ config }: PrivacyNoticeProps) {
  const { i18n } = useLingui();
  const retention = config?.retention ?? DEFAULT_RETENTION;
  const grievanceEmail = config?.grievanceEmail ?? null;
  return (
    <section className="privacy-notice" aria-label={i18n._('privacy.title')}>
      <h2 className="privacy-notice-title">{i18n._('privacy.title')}</h2>
      <ul>
        <li>{i18n._('privacy.collected')}</li>
        <li>{i18n._('privacy.finders')}</li>
        <li>{i18n._('privacy.providers')}</li>
        <li>{i18n._('privacy.retention', retention)}</li>
        <li>{i18n._('privacy.rights')}</li>
        {grievanceEmail && (
          <li>
            {i18n._('privacy.grievance')} <a href={`mailto:${grievanceEmail}`}>{grievanceEmail}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
