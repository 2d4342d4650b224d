/** The bell shows both lists as one, newest first. */
import type { ServerNotification } from '#common/api';
import type { LocalNotification } from '../../state/notifications';

export interface BellItem {
  id: string;
  title: string;
  body: string;
  /** The sender's name, so a stranger's words never pass as the app's own. */
  fromName: string | undefined;
  /** The sender's phone, when the sender shows it. */
  fromPhone: string | undefined;
  /** A notification the server stored, from a sender the receiver can block. */
  fromServer: boolean;
  /** The service's own notice: shown apart, with no sender to answer or block. */
  system: boolean;
  /** A request from someone without an account, sent through the receiver's windscreen card. */
  viaCard: boolean;
  /** The receiver's own vehicle whose card a `viaCard` request came through. */
  cardVehicleId?: string;
  at: Date;
  read: boolean;
  /** Where the photo sent with the request is read (with the session's token). */
  imageUrl?: string;
  /** Where the sender was, to about 100 m. */
  location?: { latitude: number; longitude: number };
  /** The receiver marked it a false alarm (on the server: after a reload too). */
  falseAlarm?: boolean;
}

/** A missing or unreadable time counts as now rather than breaking the list. */
function toDate(value: string): Date {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

export function bellItems(server: ServerNotification[], local: LocalNotification[]): BellItem[] {
  const items: BellItem[] = [
    ...server.map((item) => ({
      id: item._id,
      title: item.title,
      body: item.content,
      fromName: item.senderId.name || undefined,
      fromPhone: item.senderId.phone || undefined,
      fromServer: true,
      system: item.system,
      viaCard: item.via === 'card',
      ...(item.via === 'card' && item.vehicleId ? { cardVehicleId: item.vehicleId } : {}),
      at: toDate(item.sentAt),
      read: item.read,
      ...(item.image ? { imageUrl: item.image.url } : {}),
      ...(item.location ? { location: item.location } : {}),
      ...(item.falseAlarm ? { falseAlarm: true } : {}),
    })),
    ...local.map((item) => ({
      id: item.id,
      title: item.title,
      body: item.body,
      fromName: item.data?.senderName || undefined,
      fromPhone: undefined,
      fromServer: false,
      system: item.data?.system === true,
      viaCard: false,
      at: toDate(item.timestamp),
      read: item.read,
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime());
}
