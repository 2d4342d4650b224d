/** SPEC §2, §8 Send Notification: a push with the fixed title and one suggested text at random. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { OwnedVehicle } from '#common/api';
import { NOTIFICATION_TITLE, randomTemplate } from '#common/message-templates';
import type { SendResponse } from '#common/api';
import { Button } from '../../components/button';
import { sendNotification } from './api';
import { SendRefusalNote, useSendRefusal } from './send-refusal';

interface Outcome {
  ok: boolean;
  text: string;
}

interface SendNotificationProps {
  vehicle: OwnedVehicle;
  onSent?: (sent: SendResponse) => void;
  /** No network: the notification waits in the outbox under this key. */
  onQueued: (key: string) => void;
  /** A refusal offers the call in the notification's place. */
  onCall: () => void;
}

export function SendNotification({ vehicle, onSent, onQueued, onCall }: SendNotificationProps) {
  const { i18n } = useLingui();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { refusal, refuse, clear } = useSendRefusal(vehicle);

  async function notify() {
    // The type promises an owner, but the owner list comes from the network: check before sending.
    const receiverId = vehicle.userId?._id;
    if (!receiverId) {
      setOutcome({ ok: false, text: i18n._('contact.userDataMissing') });
      return;
    }
    setSending(true);
    setOutcome(null);
    clear();
    const result = await sendNotification(
      { receiverId, title: NOTIFICATION_TITLE, body: randomTemplate(i18n, vehicle.vehicleNumber) },
      vehicle.vehicleNumber,
    );
    if (result.kind === 'queued') {
      onQueued(result.key);
      return;
    }
    setSending(false);
    if (result.kind === 'sent') onSent?.(result.data);
    else refuse(result.error);
    setOutcome(
      result.kind === 'sent'
        ? { ok: true, text: i18n._('contact.notificationSent') }
        : { ok: false, text: i18n._('contact.notificationFailed') },
    );
  }

  return (
    <div className="stack">
      <p>{i18n._('contact.notificationAbout', { plate: vehicle.vehicleNumber.toUpperCase() })}</p>
      <Button variant="primary" block disabled={sending} onClick={() => void notify()}>
        {i18n._('contact.notifyUser')}
      </Button>
      <p className="notification-outcome" data-ok={outcome?.ok} role="status">
        {outcome?.text}
      </p>
      {refusal && <SendRefusalNote refusal={refusal} onCall={onCall} />}
    </div>
  );
}
