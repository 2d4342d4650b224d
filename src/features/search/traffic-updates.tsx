/**
 * TRAFFIC UPDATES: what happened lately about the person's vehicles and their requests, newest
 * first, from the lists the signed-in shell keeps current (the bell's requests received with the
 * answers given here, and the requests sent with their live status and answers).
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useId } from 'react';
import type { SentRequest, ServerNotification } from '#common/api';
import { formatRelativeTime } from '#common/relative-time';
import { replyLabel, requestStatusText, type ReplyKind } from '#common/replies';
import { activeLanguage } from '../../i18n/i18n';
import { useAtomValue } from '../../lib/store';
import { answersAtom, serverNotificationsAtom } from '../../state/notifications';
import { sentRequestsAtom } from '../../state/sent-requests';

interface TrafficUpdate {
  id: string;
  at: string;
  heading: string;
  text: string;
  status: string;
}

type Answers = Record<string, ReplyKind | 'answered'>;

function receivedStatus(i18n: I18n, answer: ReplyKind | 'answered' | undefined): string {
  if (!answer) return i18n._('updates.notAnswered');
  return answer === 'answered'
    ? i18n._('notifications.answeredElsewhere')
    : i18n._('notifications.answered', { label: replyLabel(i18n, answer) });
}

function receivedHeading(i18n: I18n, item: ServerNotification): string {
  if (item.system) return item.title;
  return item.via === 'card' ? i18n._('updates.receivedViaCard') : i18n._('updates.received');
}

/** Both lists as one, newest first. */
export function trafficUpdates(
  i18n: I18n,
  received: ServerNotification[],
  answers: Answers,
  sent: SentRequest[],
): TrafficUpdate[] {
  const updates: TrafficUpdate[] = [
    ...received.map((item) => ({
      id: `received-${item._id}`,
      at: item.sentAt,
      heading: receivedHeading(i18n, item),
      text: item.content,
      status: item.system ? '' : receivedStatus(i18n, answers[item._id]),
    })),
    ...sent.map((request) => ({
      id: `sent-${request._id}`,
      at: request.reply?.at ?? request.sentAt,
      heading: request.vehicleNumber
        ? i18n._('updates.sent', { vehicleNumber: request.vehicleNumber })
        : i18n._('requests.yourNotification'),
      text: request.reply?.text ? `${request.content}\n“${request.reply.text}”` : request.content,
      status: requestStatusText(i18n, request),
    })),
  ];
  return updates.sort((a, b) => b.at.localeCompare(a.at));
}

export function TrafficUpdates({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const updates = trafficUpdates(
    i18n,
    useAtomValue(serverNotificationsAtom),
    useAtomValue(answersAtom),
    useAtomValue(sentRequestsAtom),
  );
  const now = new Date();
  return (
    <section className="search-results traffic-updates" aria-labelledby={titleId}>
      <div className="search-results-header">
        <h2 id={titleId}>{i18n._('updates.title')}</h2>
        <button type="button" className="button" onClick={onBack}>
          {i18n._('search.back')}
        </button>
      </div>
      {updates.length === 0 ? (
        <p className="card empty-state muted">{i18n._('updates.empty')}</p>
      ) : (
        <ol className="owner-list">
          {updates.map((update) => (
            <li key={update.id} className="card traffic-update">
              <p className="request-status-heading">
                <strong>{update.heading}</strong>
                <time className="muted" dateTime={update.at}>
                  {formatRelativeTime(new Date(update.at), now, activeLanguage())}
                </time>
              </p>
              <p className="traffic-update-text">{update.text}</p>
              {update.status && <p className="muted">{update.status}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
