/** Test data of the shared contract, for the tests of the PWA, the worker, common/ and the browser. */
import type { PushData } from '../api';

/** A push as the server sends it to a request's receiver. */
export function aPushData(fields: Partial<PushData> = {}): PushData {
  return {
    notificationId: 'n-1',
    title: 'Vehicle Notification',
    body: 'Please relocate KL07AB1234.',
    senderName: 'Anu',
    sentAt: '2025-01-02T03:04:05.000Z',
    url: '/dashboard',
    silent: false,
    system: false,
    ...fields,
  };
}
