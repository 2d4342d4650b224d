/**
 * TRAFFIC UPDATES: what happened lately about the person's vehicles and their requests, newest
 * first, from the lists the signed-in shell keeps current (the bell's requests received with the
 * answers given here, and the requests sent with their live status and answers) and from the server's
 * record of their windscreen cards and wiper slips (GET /api/users/activity).
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useEffect, useState } from 'react';
import type { ActivityItem, SentRequest, ServerNotification } from '#common/api';
import { formatRelativeTime } from '#common/relative-time';
import { replyLabel, requestStatusText, type ReplyKind } from '#common/replies';
import { activeLanguage } from '../../i18n/i18n';
import { useAtomValue } from '../../lib/store';
import { answersAtom, serverNotificationsAtom } from '../../state/notifications';
import { sentRequestsAtom } from '../../state/sent-requests';
import { fetchActivity } from './api';
import { ResultsSection } from './results-section';

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

function activityHeading(i18n: I18n, item: ActivityItem): string {
  const vehicleNumber = item.vehicleNumber ?? '';
  switch (item.kind) {
    case 'cardMade':
      return i18n._('updates.cardMade', { vehicleNumber });
    case 'cardReplaced':
      return i18n._('updates.cardReplaced', { vehicleNumber });
    case 'cardTurnedOff':
      return i18n._('updates.cardTurnedOff', { vehicleNumber });
    case 'cardRequest':
      return item.requestKind === 'call'
        ? i18n._('updates.cardCall', { vehicleNumber })
        : i18n._('updates.cardMessage', { vehicleNumber });
    case 'slipsPrinted':
      return i18n._('updates.slipsPrinted', { count: item.count ?? 0 });
    case 'slipAttached':
      return i18n._('updates.slipAttached', { vehicleNumber });
    case 'slipAnswered':
      return i18n._('updates.slipAnswered', { vehicleNumber });
  }
}

function activityUpdate(i18n: I18n, item: ActivityItem, answers: Answers): TrafficUpdate {
  let status = '';
  if (item.kind === 'cardRequest') {
    status = receivedStatus(i18n, (item.requestId && answers[item.requestId]) || item.reply || undefined);
  } else if (item.kind === 'slipAnswered' && item.reply) {
    status = replyLabel(i18n, item.reply);
  }
  return { id: item._id, at: item.at, heading: activityHeading(i18n, item), text: item.text ?? '', status };
}

/**
 * Every list as one, newest first. A request through a card that the bell holds is shown once, as the
 * bell's (with the answers given here); a slip's note is shown as the slip's, not as a request sent.
 */
export function trafficUpdates(
  i18n: I18n,
  received: ServerNotification[],
  answers: Answers,
  sent: SentRequest[],
  activity: ActivityItem[] = [],
): TrafficUpdate[] {
  const receivedIds = new Set(received.map((item) => item._id));
  const slipIds = new Set(
    activity.flatMap((item) => (item.kind.startsWith('slip') && item.requestId ? [item.requestId] : [])),
  );
  const updates: TrafficUpdate[] = [
    ...received.map((item) => ({
      id: `received-${item._id}`,
      at: item.sentAt,
      heading: receivedHeading(i18n, item),
      text: item.content,
      status: item.system ? '' : receivedStatus(i18n, answers[item._id]),
    })),
    ...sent
      .filter((request) => !slipIds.has(request._id))
      .map((request) => ({
        id: `sent-${request._id}`,
        at: request.reply?.at ?? request.sentAt,
        heading: request.vehicleNumber
          ? i18n._('updates.sent', { vehicleNumber: request.vehicleNumber })
          : i18n._('requests.yourNotification'),
        text: request.reply?.text ? `${request.content}\n“${request.reply.text}”` : request.content,
        status: requestStatusText(i18n, request),
      })),
    ...activity
      .filter((item) => !(item.kind === 'cardRequest' && item.requestId && receivedIds.has(item.requestId)))
      .map((item) => activityUpdate(i18n, item, answers)),
  ];
  return updates.sort((a, b) => b.at.localeCompare(a.at));
}

export function TrafficUpdates({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  const [activity, setActivity] = useState<ActivityItem[]>([]);
  useEffect(() => {
    let current = true;
    void fetchActivity().then((items) => {
      if (current && items) setActivity(items);
    });
    return () => {
      current = false;
    };
  }, []);
  const updates = trafficUpdates(
    i18n,
    useAtomValue(serverNotificationsAtom),
    useAtomValue(answersAtom),
    useAtomValue(sentRequestsAtom),
    activity,
  );
  const now = new Date();
  return (
    <ResultsSection title={i18n._('updates.title')} onBack={onBack} className="traffic-updates">
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
              {update.text && <p className="traffic-update-text">{update.text}</p>}
              {update.status && <p className="muted">{update.status}</p>}
            </li>
          ))}
        </ol>
      )}
    </ResultsSection>
  );
}
