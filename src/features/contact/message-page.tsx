/**
 * /message?id={vehicle id} (SPEC §2): the owner of a vehicle from the last search and the four
 * ways to reach them. Without that vehicle in the loaded results it sends the user to search.
 */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { OwnedVehicle, SendResponse } from '#common/api';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { CallIcon, ImageIcon, MessageIcon, NotificationIcon, type LucideIcon } from '../../components/icons';
import { Modal } from '../../components/modal';
import { NumberPlate } from '../../components/number-plate';
import { RequestStatus } from '../../components/request-status';
import { useAtomValue } from '../../lib/store';
import { ownersAtom } from '../../state/owners';
import { addSentRequest, sentRequestsAtom } from '../../state/sent-requests';
import { CallUser } from './call-user';
import { OwnerDetails } from './owner-details';
import { QueuedRequestStatus } from './queued-request-status';
import { SendImageForm } from './send-image-form';
import { SendMessageForm } from './send-message-form';
import { SendNotification } from './send-notification';
import './contact.css';

/** SPEC §9: the four message action types. */
type MessageAction = 'callUser' | 'sendMessage' | 'sendImage' | 'sendNotification';

const ACTIONS: { type: MessageAction; Icon: LucideIcon }[] = [
  { type: 'callUser', Icon: CallIcon },
  { type: 'sendMessage', Icon: MessageIcon },
  { type: 'sendImage', Icon: ImageIcon },
  { type: 'sendNotification', Icon: NotificationIcon },
];

function actionLabel(i18n: I18n, action: MessageAction): string {
  switch (action) {
    case 'callUser':
      return i18n._('contact.callUser');
    case 'sendMessage':
      return i18n._('contact.sendSms');
    case 'sendImage':
      return i18n._('contact.sendImage');
    case 'sendNotification':
      return i18n._('contact.sendNotification');
  }
}

/** Said under the sheet's title: what the action does. */
function actionDescription(i18n: I18n, action: MessageAction): string {
  switch (action) {
    case 'callUser':
      return i18n._('contact.callUserWhat');
    case 'sendMessage':
      return i18n._('contact.sendSmsWhat');
    case 'sendImage':
      return i18n._('contact.sendImageWhat');
    case 'sendNotification':
      return i18n._('contact.sendNotificationWhat');
  }
}

export default function MessagePage() {
  const { i18n } = useLingui();
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
  /** From now on the page follows this request live, starting from the sender's view its send answered. */
  const follow = (sent: SendResponse) => {
    addSentRequest(sent.sentRequest);
    setSentId(sent._id);
  };

  return (
    <div className="message-page">
      <h1>{i18n._('contact.title')}</h1>
      <section className="card stack">
        <OwnerDetails owner={owner} />
        <p className="message-vehicle">
          <span className="muted">{vehicle.name}</span>
          <NumberPlate vehicleNumber={vehicle.vehicleNumber} />
        </p>
      </section>
      {sentRequest && <RequestStatus request={sentRequest} />}
      <div className="contact-actions">
        {ACTIONS.map(({ type, Icon }) => (
          <Button key={type} className="contact-action" onClick={() => setAction(type)}>
            <Icon aria-hidden="true" size={32} />
            <span>{actionLabel(i18n, type)}</span>
          </Button>
        ))}
      </div>
      {action && (
        <Modal title={i18n._('contact.modalTitle')} onClose={close}>
          <p className="muted contact-action-what">{actionDescription(i18n, action)}</p>
          {queuedKey === null ? (
            <ActionPanel
              action={action}
              vehicle={vehicle}
              onCall={() => setAction('callUser')}
              onMessageSent={(sent) => {
                follow(sent);
                close();
              }}
              onNotificationSent={follow}
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
  onMessageSent: (sent: SendResponse) => void;
  onNotificationSent: (sent: SendResponse) => void;
  onQueued: (key: string) => void;
  onCall: () => void;
}

function ActionPanel({
  action,
  vehicle,
  onMessageSent,
  onNotificationSent,
  onQueued,
  onCall,
}: ActionPanelProps) {
  if (action === 'callUser') return <CallUser vehicle={vehicle} />;
  if (action === 'sendMessage')
    return <SendMessageForm vehicle={vehicle} onSent={onMessageSent} onQueued={onQueued} onCall={onCall} />;
  if (action === 'sendImage')
    return <SendImageForm vehicle={vehicle} onSent={onMessageSent} onQueued={onQueued} onCall={onCall} />;
  return (
    <SendNotification vehicle={vehicle} onSent={onNotificationSent} onQueued={onQueued} onCall={onCall} />
  );
}
