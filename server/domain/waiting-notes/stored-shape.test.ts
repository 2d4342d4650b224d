import { rm } from 'node:fs/promises';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { templateText } from '#common/message-templates';
import { requests } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { emptyDatabase, migrationsBefore, MIGRATIONS } from '../../testing/migrations';
import { nextPhone } from '../../testing/test-app';
import { isNote, toWaitingNote } from './notes';

const at = (iso: string) => new Date(iso);
const ids = {
  waiting: '00000000-0000-4000-8000-000000000001',
  onSlip: '00000000-0000-4000-8000-000000000002',
  delivered: '00000000-0000-4000-8000-000000000003',
  refused: '00000000-0000-4000-8000-000000000004',
  request: '00000000-0000-4000-8000-000000000005',
};

describe('migration 0029, one stored shape for a request', () => {
  it('keeps every waiting note as a request row of the same id, and every request as it was', async () => {
    const database = await emptyDatabase();
    const before = await migrationsBefore('0029_one_stored_shape');
    try {
      await database.migrate(before);
      const [senderPhone, receiverPhone] = [nextPhone(), nextPhone()];
      await database.db.execute(sql`
        insert into users (id, name, email, phone, gender, date_of_birth, district, city) values
          ('10000000-0000-4000-8000-000000000001', 'Anu', 'anu@example.com', ${senderPhone}, 'Female', '1990-01-01', 'Ernakulam', 'Kochi'),
          ('10000000-0000-4000-8000-000000000002', 'Biju', 'biju@example.com', ${receiverPhone}, 'Male', '1988-01-01', 'Ernakulam', 'Kochi')`);
      await database.db.execute(sql`
        insert into slips (id, code, owner_id, created_at, attached_at, vehicle_number, text) values
          ('20000000-0000-4000-8000-000000000001', 'ABCDEFGHJK', '10000000-0000-4000-8000-000000000001',
           '2026-12-01T08:00:00Z', '2026-12-01T09:00:00Z', 'KL07AB0002', 'Blocking my gate')`);
      await database.db.execute(sql`
        insert into notifications (id, sender_id, receiver_id, kind, title, content, template_key, vehicle_number, sent_at, delivered_at) values
          (${ids.delivered}, '10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', 'message',
           'Message about KL07AB0003', 'Please move', null, 'KL07AB0003', '2026-12-02T08:00:00Z', '2026-12-03T08:00:05Z'),
          (${ids.request}, '10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', 'notification',
           'Vehicle Notification', 'Lights on', null, null, '2026-12-04T08:00:00Z', null)`);
      await database.db.execute(sql`
        insert into waiting_notes (id, sender_id, vehicle_number, template_key, text, slip_id, created_at, expires_at, delivered_at) values
          (${ids.waiting}, '10000000-0000-4000-8000-000000000001', 'KL07AB0001', 'blocking', null, null,
           '2026-12-01T07:00:00Z', '2026-12-08T07:00:00Z', null),
          (${ids.onSlip}, '10000000-0000-4000-8000-000000000001', 'KL07AB0002', null, 'Blocking my gate',
           '20000000-0000-4000-8000-000000000001', '2026-12-01T09:00:00Z', '2026-12-08T09:00:00Z', null),
          (${ids.delivered}, '10000000-0000-4000-8000-000000000001', 'KL07AB0003', null, 'Please move', null,
           '2026-12-02T08:00:00Z', '2026-12-09T08:00:00Z', '2026-12-03T08:00:00Z'),
          (${ids.refused}, '10000000-0000-4000-8000-000000000001', 'KL07AB0004', 'moveSoon', null, null,
           '2026-12-02T09:00:00Z', '2026-12-09T09:00:00Z', '2026-12-03T09:00:00Z')`);
      await database.migrate(MIGRATIONS);

      const rows = await database.db.select().from(requests).orderBy(asc(requests.id));
      const sender = '10000000-0000-4000-8000-000000000001';
      const receiver = '10000000-0000-4000-8000-000000000002';
      const english = textsFor('en');
      const note = {
        senderId: sender,
        vehicleId: null,
        kind: 'message',
        readAt: null,
        deliveredAt: null,
        seenAt: null,
        replyKind: null,
        replyText: null,
        repliedAt: null,
        reminderSentAt: null,
        via: null,
      };
      expect(rows).toEqual([
        {
          ...note,
          id: ids.waiting,
          receiverId: null,
          title: 'Message about KL07AB0001',
          content: templateText(english, 'blocking', 'KL07AB0001'),
          templateKey: 'blocking',
          vehicleNumber: 'KL07AB0001',
          sentAt: at('2026-12-01T07:00:00Z'),
          expiresAt: at('2026-12-08T07:00:00Z'),
          claimedAt: null,
          slipId: null,
        },
        {
          ...note,
          id: ids.onSlip,
          receiverId: null,
          title: 'Message about KL07AB0002',
          content: 'Blocking my gate',
          templateKey: null,
          vehicleNumber: 'KL07AB0002',
          sentAt: at('2026-12-01T09:00:00Z'),
          expiresAt: at('2026-12-08T09:00:00Z'),
          claimedAt: null,
          slipId: '20000000-0000-4000-8000-000000000001',
        },
        {
          ...note,
          id: ids.delivered,
          receiverId: receiver,
          title: 'Message about KL07AB0003',
          content: 'Please move',
          templateKey: null,
          vehicleNumber: 'KL07AB0003',
          sentAt: at('2026-12-02T08:00:00Z'),
          deliveredAt: at('2026-12-03T08:00:05Z'),
          expiresAt: at('2026-12-09T08:00:00Z'),
          claimedAt: at('2026-12-03T08:00:00Z'),
          slipId: null,
        },
        {
          ...note,
          id: ids.refused,
          receiverId: null,
          title: 'Message about KL07AB0004',
          content: templateText(english, 'moveSoon', 'KL07AB0004'),
          templateKey: 'moveSoon',
          vehicleNumber: 'KL07AB0004',
          sentAt: at('2026-12-02T09:00:00Z'),
          expiresAt: at('2026-12-09T09:00:00Z'),
          claimedAt: at('2026-12-03T09:00:00Z'),
          slipId: null,
        },
        {
          ...note,
          id: ids.request,
          receiverId: receiver,
          kind: 'notification',
          title: 'Vehicle Notification',
          content: 'Lights on',
          templateKey: null,
          vehicleNumber: null,
          sentAt: at('2026-12-04T08:00:00Z'),
          expiresAt: null,
          claimedAt: null,
          slipId: null,
        },
      ]);
      // As the sender lists their notes, the notes read as they did from waiting_notes.
      const now = at('2026-12-08T08:00:00Z');
      expect(rows.filter(isNote).map((row) => toWaitingNote(row, now))).toEqual([
        {
          _id: ids.waiting,
          vehicleNumber: 'KL07AB0001',
          templateKey: 'blocking',
          text: null,
          createdAt: '2026-12-01T07:00:00.000Z',
          expiresAt: '2026-12-08T07:00:00.000Z',
          deliveredAt: null,
          expired: true,
        },
        {
          _id: ids.onSlip,
          vehicleNumber: 'KL07AB0002',
          templateKey: null,
          text: 'Blocking my gate',
          createdAt: '2026-12-01T09:00:00.000Z',
          expiresAt: '2026-12-08T09:00:00.000Z',
          deliveredAt: null,
          expired: false,
        },
        {
          _id: ids.delivered,
          vehicleNumber: 'KL07AB0003',
          templateKey: null,
          text: 'Please move',
          createdAt: '2026-12-02T08:00:00.000Z',
          expiresAt: '2026-12-09T08:00:00.000Z',
          deliveredAt: '2026-12-03T08:00:00.000Z',
          expired: false,
        },
        {
          _id: ids.refused,
          vehicleNumber: 'KL07AB0004',
          templateKey: 'moveSoon',
          text: null,
          createdAt: '2026-12-02T09:00:00.000Z',
          expiresAt: '2026-12-09T09:00:00.000Z',
          deliveredAt: '2026-12-03T09:00:00.000Z',
          expired: false,
        },
      ]);
      await expect(database.db.execute(sql`select 1 from waiting_notes`)).rejects.toThrow();
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
