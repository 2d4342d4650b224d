/**
 * /message?id={vehicle id} (SPEC §2): the owner of a vehicle from the last search and the four
 * ways to reach them. Without that vehicle in the loaded results it sends the user to search.
 */
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { useAtomValue } from '../../lib/store';
import { CONTACT_TEXTS } from '../../lib/texts';
import { ownersAtom } from '../../state/owners';
import { CallUser } from './call-user';
import { OwnerDetails } from './owner-details';
import { SendMessageForm } from './send-message-form';
import { SendNotification } from './send-notification';
import './contact.css';

/** SPEC §9: the four message action types. */
type MessageAction = 'callUser' | 'sendMessage' | 'sendImage' | 'sendNotification';

const ACTIONS: { type: MessageAction; label: string }[] = [
  { type: 'callUser', label: 'Call User' },
  { type: 'sendMessage', label: 'Send SMS' },
  { type: 'sendImage', label: 'Send Image' },
  { type: 'sendNotification', label: 'Send Notification' },
];

export default function MessagePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const vehicle = useAtomValue(ownersAtom)?.find((item) => item._id === id);
  const [action, setAction] = useState<MessageAction | null>(null);

  if (!vehicle) return <Navigate to="/vehicleSearch" replace />;
  const owner = vehicle.userId;
  const close = () => setAction(null);

  return (
    <div className="message-page">
      <h1>User Details</h1>
      <section className="card stack">
        <OwnerDetails owner={owner} />
        <p className="muted">
          {vehicle.name} · {vehicle.vehicleNumber.toUpperCase()}
        </p>
      </section>
      <div className="contact-actions">
        {ACTIONS.map(({ type, label }) => (
          <button key={type} type="button" className="button" onClick={() => setAction(type)}>
            {label}
          </button>
        ))}
      </div>
      {action && (
        <Modal title={CONTACT_TEXTS.modalTitle} onClose={close}>
          {action === 'callUser' && <CallUser phone={owner.phoneVisible ? owner.phone : undefined} />}
          {action === 'sendMessage' && <SendMessageForm vehicle={vehicle} onSent={close} />}
          {action === 'sendImage' && <p className="muted">Sending an image is not available yet.</p>}
          {action === 'sendNotification' && <SendNotification vehicle={vehicle} />}
        </Modal>
      )}
    </div>
  );
}
