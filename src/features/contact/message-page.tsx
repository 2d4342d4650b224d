/**
 * /message?id={vehicle id} (SPEC §2): the owner of a vehicle from the last search and the four
 * ways to reach them. Without that vehicle in the loaded results it sends the user to search.
 */
import { useState } from 'react';
import type { OwnedVehicle } from '#common/api';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { RequestStatus } from '../../components/request-status';
import { useAtomValue } from '../../lib/store';
import { CONTACT_TEXTS } from '../../lib/texts';
import { ownersAtom } from '../../state/owners';
import { addSentRequest, sentRequestsAtom } from '../../state/sent-requests';
import type { Created } from './api';
import { CallUser } from './call-user';
import { OwnerDetails } from './owner-details';
import { QueuedRequestStatus } from './queued-request-status';
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
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);
  const sentRequest = useAtomValue(sentRequestsAtom).find((request) => request._id === sentId);

  if (!vehicle) return <Navigate to="/vehicleSearch" replace />;
  const owner = vehicle.userId;
  const close = () => {
    setAction(null);
    setQueuedKey(null);
  };
  /** From now on the page follows this request live (a notification names no vehicle, SPEC §7). */
  const follow = (sent: Created, vehicleNumber: string | null) => {
    addSentRequest(sent, vehicleNumber);
    setSentId(sent._id);
  };

  return (
    <div className="message-page">
      <h1>User Details</h1>
      <section className="card stack">
        <OwnerDetails owner={owner} />
        <p className="muted">
          {vehicle.name} · {vehicle.vehicleNumber.toUpperCase()}
        </p>
      </section>
      {sentRequest && <RequestStatus request={sentRequest} />}
      <div className="contact-actions">
        {ACTIONS.map(({ type, label }) => (
          <button key={type} type="button" className="button" onClick={() => setAction(type)}>
            {label}
          </button>
        ))}
      </div>
      {action && (
        <Modal title={CONTACT_TEXTS.modalTitle} onClose={close}>
          {queuedKey === null ? (
            <ActionPanel
              action={action}
              vehicle={vehicle}
              onMessageSent={(sent) => {
                follow(sent, vehicle.vehicleNumber.toUpperCase());
                close();
              }}
              onNotificationSent={(sent) => follow(sent, null)}
              onQueued={setQueuedKey}
            />
          ) : (
            <QueuedRequestStatus itemKey={queuedKey} />
          )}
        </Modal>
      )}
    </div>
  );
}

interface ActionPanelProps {
  action: MessageAction;
  vehicle: OwnedVehicle;
  onMessageSent: (sent: Created) => void;
  onNotificationSent: (sent: Created) => void;
  onQueued: (key: string) => void;
}

function ActionPanel({ action, vehicle, onMessageSent, onNotificationSent, onQueued }: ActionPanelProps) {
  if (action === 'callUser') return <CallUser vehicle={vehicle} />;
  if (action === 'sendMessage')
    return <SendMessageForm vehicle={vehicle} onSent={onMessageSent} onQueued={onQueued} />;
  if (action === 'sendImage') return <p className="muted">Sending an image is not available yet.</p>;
  return <SendNotification vehicle={vehicle} onSent={onNotificationSent} onQueued={onQueued} />;
}
