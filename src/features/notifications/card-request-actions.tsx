/** A request through the owner's windscreen card: pause that card, or replace it, from the bell. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { ButtonRow } from '../../components/button-row';
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

  const actions = [
    {
      label: i18n._('notifications.pauseCard'),
      post: postPauseVehicleCard,
      done: i18n._('cards.pausedToast'),
    },
    {
      label: i18n._('notifications.replaceCard'),
      post: postRotateVehicleCard,
      done: i18n._('notifications.cardReplaced'),
    },
  ];
  const buttons = actions.map(({ label, post, done }) => ({
    label,
    className: 'link-button',
    onClick: () => void act(() => post(vehicleId), done),
  }));
  return <ButtonRow className="bell-card-actions" disabled={busy} buttons={buttons} />;
}
