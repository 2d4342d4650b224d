/** A request through the owner's windscreen card: pause that card, or replace it, from the bell. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { postPauseVehicleCard, postRotateVehicleCard } from '../../lib/windscreen-card-api';

export function CardRequestActions({ vehicleId }: { vehicleId: string }) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<unknown>, done: string) {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await action();
      notifySuccess(done);
    } catch {
      notifyError(i18n._('cards.actionFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bell-card-actions">
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => void act(() => postPauseVehicleCard(vehicleId), i18n._('cards.pausedToast'))}
      >
        {i18n._('notifications.pauseCard')}
      </button>
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => void act(() => postRotateVehicleCard(vehicleId), i18n._('notifications.cardReplaced'))}
      >
        {i18n._('notifications.replaceCard')}
      </button>
    </div>
  );
}
