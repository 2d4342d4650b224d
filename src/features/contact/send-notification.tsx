/** SPEC §2, §8 Send Notification: a push with the fixed title and one suggested text at random. */
import { useState } from 'react';
import type { OwnedVehicle } from '#common/api';
import { NOTIFICATION_TITLE, randomTemplate } from '#common/message-templates';
import { isOffline } from '../../lib/api-client';
import { CONTACT_TEXTS, OFFLINE_TEXT } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { sendNotification } from './api';

interface Outcome {
  ok: boolean;
  text: string;
}

export function SendNotification({ vehicle }: { vehicle: OwnedVehicle }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function notify() {
    // The type promises an owner, but the owner list comes from the network: check before sending.
    const receiverId = vehicle.userId?._id;
    if (!receiverId) {
      setOutcome({ ok: false, text: CONTACT_TEXTS.userDataMissing });
      return;
    }
    if (isOffline()) {
      notifyError(OFFLINE_TEXT);
      return;
    }
    setSending(true);
    setOutcome(null);
    const sent = await sendNotification({
      receiverId,
      title: NOTIFICATION_TITLE,
      body: randomTemplate(vehicle.vehicleNumber),
    });
    setSending(false);
    setOutcome(
      sent
        ? { ok: true, text: CONTACT_TEXTS.notificationSent }
        : { ok: false, text: CONTACT_TEXTS.notificationFailed },
    );
  }

  return (
    <div className="stack">
      <p>
        Send the owner a push notification about <strong>{vehicle.vehicleNumber.toUpperCase()}</strong>.
      </p>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={sending}
        onClick={() => void notify()}
      >
        Notify User
      </button>
      <p className="notification-outcome" data-ok={outcome?.ok} role="status">
        {outcome?.text}
      </p>
    </div>
  );
}
