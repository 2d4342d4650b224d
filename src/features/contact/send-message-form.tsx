/** SPEC §2, §8 Send SMS: a typed or suggested message, sent only when it has text. */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import type { OwnedVehicle } from '#common/api';
import { MESSAGE_MAX } from '#common/limits';
import { Button } from '../../components/button';
import { TextWithSuggestions } from '../../components/text-with-suggestions';
import type { SendResponse } from '#common/api';
import { sendMessage } from './api';
import { SendRefusalNote, useSendRefusal } from './send-refusal';

interface SendMessageFormProps {
  vehicle: OwnedVehicle;
  onSent: (sent: SendResponse) => void;
  /** No network: the message waits in the outbox under this key. */
  onQueued: (key: string) => void;
  /** A refusal offers the call in the message's place. */
  onCall: () => void;
}

export function SendMessageForm({ vehicle, onSent, onQueued, onCall }: SendMessageFormProps) {
  const { i18n } = useLingui();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { refusal, refuse, clear } = useSendRefusal(vehicle);
  const message = text.trim();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!message) return;
    setSending(true);
    clear();
    const result = await sendMessage(
      { userId: vehicle.userId._id, vehicleId: vehicle._id, message },
      vehicle.vehicleNumber,
    );
    if (result.kind === 'queued') {
      onQueued(result.key);
    } else if (result.kind === 'sent') {
      window.alert(i18n._('contact.messageSent', { content: message }));
      onSent(result.data);
    } else {
      window.alert(i18n._('contact.messageFailed'));
      setSending(false);
      refuse(result.error);
    }
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
      <TextWithSuggestions
        label={i18n._('contact.messageLabel')}
        name="message"
        rows={4}
        maxLength={MESSAGE_MAX}
        vehicleNumber={vehicle.vehicleNumber}
        value={text}
        onChange={setText}
      />
      {refusal && <SendRefusalNote refusal={refusal} onCall={onCall} />}
      <div className="send-message-footer">
        <Button type="submit" variant="primary" block disabled={!message || sending}>
          {i18n._('contact.notifyUser')}
        </Button>
      </div>
    </form>
  );
}
