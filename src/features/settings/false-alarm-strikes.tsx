/**
 * The sender's standing: false alarms marked against them, and a pause they caused, with its end and
 * the form that contests it.
 */
import { useLingui } from '@lingui/react';
import { useServerData } from '../../lib/use-server-data';
import { fetchStrikes } from './api';
import { ContestPauseForm } from './contest-pause-form';
import { LoadState } from './load-state';

export function FalseAlarmStrikes() {
  const { i18n } = useLingui();
  const { data: standing, failed, retry } = useServerData(fetchStrikes);

  return (
    <section className="card settings" aria-labelledby="false-alarm-strikes-title">
      <h2 id="false-alarm-strikes-title">{i18n._('settings.strikesTitle')}</h2>
      {standing === null ? (
        <LoadState
          failed={failed}
          loadingText={i18n._('settings.strikesLoading')}
          failedText={i18n._('settings.strikesFailed')}
          onRetry={retry}
        />
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
