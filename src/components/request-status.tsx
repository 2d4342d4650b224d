/** One sent request as its sender follows it: where it got to, and the owner's answer. */
import { useLingui } from '@lingui/react';
import { formatRelativeTime } from '#common/relative-time';
import type { SentRequest } from '#common/api';
import { requestStatus, requestStatusText } from '#common/replies';
import { activeLanguage } from '../i18n/i18n';

export function RequestStatus({ request }: { request: SentRequest }) {
  const { i18n } = useLingui();
  const status = requestStatus(request);
  return (
    <article
      className="request-status card stack"
      data-status={status}
      aria-label={i18n._('requests.statusLabel')}
    >
      <p className="request-status-heading">
        <strong>{request.vehicleNumber ?? i18n._('requests.yourNotification')}</strong>
        <time className="muted" dateTime={request.sentAt}>
          {formatRelativeTime(new Date(request.sentAt), new Date(), activeLanguage())}
        </time>
      </p>
      <p className="muted">{request.content}</p>
      <p className="request-status-line" role="status">
        {requestStatusText(i18n, request)}
      </p>
      {request.reply?.text && <p className="request-status-reply">“{request.reply.text}”</p>}
    </article>
  );
}
