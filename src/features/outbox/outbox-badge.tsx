/**
 * The header's sign that requests wait for the network: a small badge with their number, opening
 * the list of them, each of which can be cancelled.
 */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { useAtomValue } from '../../lib/store';
import { outboxAtom } from '../../lib/outbox/outbox-state';
import './outbox.css';

/** The outbox code loads apart from the signed-in shell, which has a size budget. */
async function cancel(key: string): Promise<void> {
  const { cancelQueued } = await import('../../lib/outbox/outbox-queue');
  await cancelQueued(key);
}

export function OutboxBadge() {
  const { i18n } = useLingui();
  const items = useAtomValue(outboxAtom);
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;

  return (
    <div className="outbox">
      <button
        type="button"
        className="icon-button outbox-button"
        aria-label={i18n._('outbox.badgeLabel', { count: items.length })}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M2 21 23 12 2 3v7l15 2-15 2v7Z" />
        </svg>
        <span className="outbox-count" aria-hidden="true">
          {items.length}
        </span>
      </button>
      {open && (
        <section className="outbox-panel" aria-label={i18n._('outbox.queuedList')}>
          <h2 className="outbox-title">{i18n._('outbox.queuedList')}</h2>
          <ul className="outbox-list">
            {items.map((item) => (
              <li key={item.key} className="outbox-item">
                <div>
                  <p className="outbox-label">{item.label}</p>
                  <p className="muted">{i18n._('outbox.waiting')}</p>
                </div>
                <Button onClick={() => void cancel(item.key)}>{i18n._('outbox.cancel')}</Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
