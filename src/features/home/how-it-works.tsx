/** SPEC §1: the How It Works panel of the dashboard. */
import { useLingui } from '@lingui/react';
import { useServerData } from '../../lib/use-server-data';
import { fetchActiveUsers } from './api';
import './how-it-works.css';

/** Grouped the Indian way: 1,23,456. */
const indianGrouping = new Intl.NumberFormat('en-IN');

/** 24×24 outline icons, drawn here so no emoji font is needed. */
const ICONS = {
  car: 'M5 17h14M6 17v2m12-2v2M4 13l2-6h12l2 6v4H4v-4Zm3 1.5h.01M17 14.5h.01',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Zm4 4h4',
  lock: 'M6 11h12v10H6V11Zm2 0V8a4 4 0 0 1 8 0v3m-4 4v2',
} as const;

export function HowItWorks() {
  const { i18n } = useLingui();
  // The real number of people on the service: nothing is shown until the server has said it.
  const activeUsers = useServerData(fetchActiveUsers).data ?? undefined;
  const steps = [
    {
      icon: ICONS.car,
      title: i18n._('home.registerTitle'),
      text: i18n._('home.registerText'),
    },
    {
      icon: ICONS.pin,
      title: i18n._('home.reportTitle'),
      text: i18n._('home.reportText'),
    },
    {
      icon: ICONS.bell,
      title: i18n._('home.notifyTitle'),
      text: i18n._('home.notifyText'),
    },
    {
      icon: ICONS.lock,
      title: i18n._('home.privacyTitle'),
      text: i18n._('home.privacyText'),
    },
  ];
  return (
    <section className="card how-it-works" aria-labelledby="how-it-works-title">
      <div className="how-it-works-head">
        <h2 id="how-it-works-title">{i18n._('home.title')}</h2>
        {/* Its line is kept while the count loads, so nothing below moves when it comes. */}
        <p className="how-it-works-users" hidden={activeUsers === undefined}>
          {activeUsers === undefined
            ? '\u00a0'
            : i18n._('home.activeUsers', { count: indianGrouping.format(activeUsers) })}
        </p>
      </div>
      <ol className="how-it-works-steps">
        {steps.map((step) => (
          <li key={step.title} className="how-it-works-step">
            <span className="how-it-works-icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="24" height="24">
                <path d={step.icon} />
              </svg>
            </span>
            <div>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
