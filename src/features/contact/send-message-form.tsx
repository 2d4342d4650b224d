/** SPEC §2, §8 Send SMS: a typed or suggested message, sent only when it has text. */
import { useState, type FormEvent } from 'react';
import type { OwnedVehicle } from '#common/api';
import { MESSAGE_MAX } from '#common/limits';
import { messageTemplates } from '#common/message-templates';
import { Field } from '../../components/field';
import { isOffline } from '../../lib/api-client';
import { CONTACT_TEXTS, OFFLINE_TEXT } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { sendMessage } from './api';

interface SendMessageFormProps {
  vehicle: OwnedVehicle;
  onSent: () => void;
}

export function SendMessageForm({ vehicle, onSent }: SendMessageFormProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const message = text.trim();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!message) return;
    if (isOffline()) {
      notifyError(OFFLINE_TEXT);
      return;
    }
    setSending(true);
    try {
      await sendMessage({ userId: vehicle.userId._id, vehicleId: vehicle._id, message });
      window.alert(CONTACT_TEXTS.messageSent(message));
      onSent();
    } catch {
      window.alert(CONTACT_TEXTS.messageFailed);
      setSending(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <Field label="Message">
        <textarea
          className="input"
          name="message"
          rows={4}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <div className="suggestions">
        <p className="field-label">Suggestions</p>
        <ul>
          {messageTemplates(vehicle.vehicleNumber).map((template) => (
            <li key={template}>
              <button type="button" className="suggestion" onClick={() => setText(template)}>
                {template}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="send-message-footer">
        <button type="submit" className="button button-primary button-block" disabled={!message || sending}>
          Notify User
        </button>
      </div>
    </form>
  );
}
