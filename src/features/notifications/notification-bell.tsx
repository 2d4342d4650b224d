/** SPEC §2 notification dropdown, opened from the bell in the header. */
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRelativeTime } from '#common/relative-time';
import { formatPhone } from '#common/phone-display';
import { CloseButton } from '../../components/close-button';
import { activeLanguage } from '../../i18n/i18n';
import { useAtomValue } from '../../lib/store';
import {
  clearAllNotifications,
  localNotificationsAtom,
  markAsRead,
  refreshServerNotifications,
  serverNotificationsAtom,
  unreadCountAtom,
} from '../../state/notifications';
import { clearNotificationsOnServer, fetchUnreadNotifications, markNotificationsSeen } from './api';
import { BlockSenderButton } from './block-sender-button';
import { CardRequestActions } from './card-request-actions';
import { FalseAlarmButton } from './false-alarm-button';
import { RequestPhoto } from './request-photo';
import { NewRequestBanner } from './new-request-banner';
import { ReplyButtons } from './reply-buttons';
import { bellItems, type BellItem } from './notification-items';
import './notification-bell.css';

const bellItemClass = (item: BellItem) =>
  ['bell-item', item.read ? '' : 'bell-item-unread', item.system ? 'bell-item-system' : '']
    .filter(Boolean)
    .join(' ');

export function NotificationBell() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const server = useAtomValue(serverNotificationsAtom);
  const local = useAtomValue(localNotificationsAtom);
  const unread = useAtomValue(unreadCountAtom);
  const containerRef = useRef<HTMLDivElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const items = bellItems(server, local);

  const refresh = useCallback(async () => {
    setLoading(true);
    await refreshServerNotifications(fetchUnreadNotifications);
    setLoading(false);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Open, the bell shows its server items: their senders learn they were seen.
  const serverIds = server.map((item) => item._id).join(',');
  useEffect(() => {
    if (open && serverIds) void markNotificationsSeen(serverIds.split(','));
  }, [open, serverIds]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function toggle() {
    if (!open) void refresh();
    setOpen(!open);
  }

  function close() {
    setOpen(false);
    bellRef.current?.focus();
  }

  async function clearAll() {
    await clearNotificationsOnServer();
    clearAllNotifications();
  }

  return (
    <div
      className="bell"
      ref={containerRef}
      role="presentation"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      <button
        ref={bellRef}
        type="button"
        className="icon-button bell-button"
        aria-label={
          unread > 0 ? i18n._('notifications.bellUnread', { count: unread }) : i18n._('notifications.title')
        }
        aria-expanded={open}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="bell-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section className="bell-panel" aria-labelledby={titleId}>
          <header className="bell-panel-header">
            <h2 id={titleId} className="bell-title">
              {i18n._('notifications.title')}
            </h2>
            {items.length > 0 && (
              <button type="button" className="link-button" onClick={() => void clearAll()}>
                {i18n._('notifications.clearAll')}
              </button>
            )}
            <CloseButton label={i18n._('notifications.close')} onClick={close} />
          </header>
          {items.length === 0 ? (
            <p className="bell-empty">
              {loading ? i18n._('notifications.loading') : i18n._('notifications.empty')}
            </p>
          ) : (
            <ul className="bell-list">
              {items.map((item) => (
                <li key={item.id} className={bellItemClass(item)}>
                  {item.system && <p className="bell-service-badge">{i18n._('notifications.fromService')}</p>}
                  <p className="bell-item-title">{item.title}</p>
                  {item.body && <p className="bell-item-body">{item.body}</p>}
                  {item.imageUrl && <RequestPhoto url={item.imageUrl} location={item.location} />}
                  {!item.system && item.fromName && (
                    <p className="bell-item-meta">
                      {i18n._('notifications.sentBy', { name: item.fromName })}
                    </p>
                  )}
                  {item.viaCard && (
                    <p className="bell-item-meta">
                      {i18n._('notifications.viaCard')}{' '}
                      <Link to="/myVehicle" onClick={close}>
                        {i18n._('notifications.manageCard')}
                      </Link>
                    </p>
                  )}
                  {item.cardVehicleId && <CardRequestActions vehicleId={item.cardVehicleId} />}
                  {item.fromPhone && (
                    <p className="bell-item-meta">
                      {i18n._('notifications.from', { phone: formatPhone(item.fromPhone) })}
                    </p>
                  )}
                  {item.fromServer && !item.system && <ReplyButtons notificationId={item.id} />}
                  <div className="bell-item-footer">
                    <time className="bell-item-meta" dateTime={item.at.toISOString()}>
                      {formatRelativeTime(item.at, new Date(), activeLanguage())}
                    </time>
                    {/* A card's stranger is blocked by their browser, address or phone, for every card of the owner. */}
                    {item.fromServer && !item.system && <BlockSenderButton notificationId={item.id} />}
                    {item.fromServer && !item.system && !item.viaCard && (
                      <FalseAlarmButton notificationId={item.id} marked={item.falseAlarm === true} />
                    )}
                    {!item.read && (
                      <button type="button" className="link-button" onClick={() => markAsRead(item.id)}>
                        {i18n._('notifications.markAsRead')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {!open && <NewRequestBanner />}
    </div>
  );
}
