/** A request that arrives while the app is open: a banner with its text and its answers, not only the badge. */
import { useLingui } from '@lingui/react';
import { CloseButton } from '../../components/close-button';
import { useAtomValue } from '../../lib/store';
import {
  arrivedRequestAtom,
  dismissArrivedRequest,
  localNotificationsAtom,
  serverNotificationsAtom,
} from '../../state/notifications';
import { bellItems } from './notification-items';
import { ReplyButtons } from './reply-buttons';

export function NewRequestBanner() {
  const { i18n } = useLingui();
  const arrivedId = useAtomValue(arrivedRequestAtom);
  const items = bellItems(useAtomValue(serverNotificationsAtom), useAtomValue(localNotificationsAtom));
  const item = arrivedId === null ? undefined : items.find((candidate) => candidate.id === arrivedId);
  if (!item) return null;
  return (
    <section className="new-request-banner" role="alert" aria-label={i18n._('notifications.newRequest')}>
      <div className="new-request-banner-head">
        <p className="bell-item-title">{item.title}</p>
        <CloseButton label={i18n._('notifications.dismissBanner')} onClick={dismissArrivedRequest} />
      </div>
      {item.body && <p className="bell-item-body">{item.body}</p>}
      {item.fromName && (
        <p className="bell-item-meta">{i18n._('notifications.sentBy', { name: item.fromName })}</p>
      )}
      <ReplyButtons notificationId={item.id} />
    </section>
  );
}
