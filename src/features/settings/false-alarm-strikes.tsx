/**
 * The sender's standing: false alarms marked against them, and a pause they caused, with its end and
 * the form that contests it.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type { Strikes } from '#common/api';
import { fetchStrikes } from './api';
import { ContestPauseForm } from './contest-pause-form';

export function FalseAlarmStrikes() {
  const { i18n } = useLingui();
  const [standing, setStanding] = useState<Strikes | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    fetchStrikes().then(
      (found) => active && setStanding(found),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <section className="card settings" aria-labelledby="false-alarm-strikes-title">
      <h2 id="false-alarm-strikes-title">{i18n._('settings.strikesTitle')}</h2>
      {standing === null ? (
        <p className="muted">
          {failed ? i18n._('settings.strikesFailed') : i18n._('settings.strikesLoading')}
        </p>
      ) : (
        <>
          <p>{i18n._('settings.strikesCount', { count: standing.strikes, days: standing.windowDays })}</p>
          {standing.pausedUntil && (
            <p>
              {i18n._('settings.strikesPaused', {
                date: i18n.date(new Date(standing.pausedUntil), {
                  dateStyle: 'long',
                  timeZone: 'Asia/Kolkata',
                }),
              })}
            </p>
          )}
          {standing.pausedUntil && <ContestPauseForm />}
        </>
      )}
    </section>
  );
}
