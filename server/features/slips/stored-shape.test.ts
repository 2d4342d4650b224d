import { rm } from 'node:fs/promises';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { templateText } from '#common/message-templates';
import { requests, slips } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { emptyDatabase, migrationsBefore, MIGRATIONS } from '../../testing/migrations';
import { nextPhone } from '../../testing/test-app';

const at = (iso: string) => new Date(iso);
const sender = '10000000-0000-4000-8000-000000000001';
const receiver = '10000000-0000-4000-8000-000000000002';
const slip = {
  waiting: '20000000-0000-4000-8000-000000000001',
  answeredAlone: '20000000-0000-4000-8000-000000000002',
  deliveredAnswered: '20000000-0000-4000-8000-000000000003',
  bothAnswered: '20000000-0000-4000-8000-000000000004',
  unused: '20000000-0000-4000-8000-000000000005',
};
const note = {
  waiting: '30000000-0000-4000-8000-000000000001',
  deliveredAnswered: '30000000-0000-4000-8000-000000000003',
  bothAnswered: '30000000-0000-4000-8000-000000000004',
};

describe("migration 0030, a wiper slip's note is a request", () => {
  it('keeps every slip and gives every attached one a request holding its note and its one answer', async () => {
    const database = await emptyDatabase();
    const before = await migrationsBefore('0030_slip_notes');
    try {
      await database.migrate(before);
      await database.db.execute(sql`
        insert into users (id, name, email, phone, gender, date_of_birth, district, city) values
          (${sender}, 'Anu', 'anu@example.com', ${nextPhone()}, 'Female', '1990-01-01', 'Ernakulam', 'Kochi'),
          (${receiver}, 'Biju', 'biju@example.com', ${nextPhone()}, 'Male', '1988-01-01', 'Ernakulam', 'Kochi')`);
      // Before: the slip held its note and its answer; its note might also wait (or have reached an
      // owner) as a request of its own, and a note answered on the slip had been deleted.
      await database.db.execute(sql`
        insert into slips (id, code, owner_id, created_at, attached_at, vehicle_number, template_key, text, reply_kind, replied_at) values
          (${slip.waiting}, 'ABCDEFGHJ1', ${sender}, '2026-12-01T08:00:00Z', '2026-12-01T09:00:00Z', 'KL07AB0001', null, 'Blocking my gate', null, null),
          (${slip.answeredAlone}, 'ABCDEFGHJ2', ${sender}, '2026-12-01T08:00:00Z', '2026-12-01T10:00:00Z', 'KL07AB0002', 'blocking', null, 'coming_now', '2026-12-01T10:05:00Z'),
          (${slip.deliveredAnswered}, 'ABCDEFGHJ3', ${sender}, '2026-12-01T08:00:00Z', '2026-12-01T11:00:00Z', 'KL07AB0003', null, 'Please move', 'five_minutes', '2026-12-01T11:30:00Z'),
          (${slip.bothAnswered}, 'ABCDEFGHJ4', ${sender}, '2026-12-01T08:00:00Z', '2026-12-01T12:00:00Z', 'KL07AB0004', null, 'Lights on', 'cannot_come', '2026-12-01T12:30:00Z'),
          (${slip.unused}, 'ABCDEFGHJ5', ${sender}, '2026-12-01T08:00:00Z', null, null, null, null, null, null)`);
      await database.db.execute(sql`
        insert into notifications (id, sender_id, receiver_id, kind, title, content, vehicle_number, sent_at, expires_at, claimed_at, slip_id, reply_kind, replied_at) values
          (${note.waiting}, ${sender}, null, 'message', 'Message about KL07AB0001', 'Blocking my gate', 'KL07AB0001',
           '2026-12-01T09:00:00Z', '2026-12-08T09:00:00Z', null, ${slip.waiting}, null, null),
          (${note.deliveredAnswered}, ${sender}, ${receiver}, 'message', 'Message about KL07AB0003', 'Please move', 'KL07AB0003',
           '2026-12-01T11:00:00Z', '2026-12-08T11:00:00Z', '2026-12-01T11:10:00Z', ${slip.deliveredAnswered}, null, null),
          (${note.bothAnswered}, ${sender}, ${receiver}, 'message', 'Message about KL07AB0004', 'Lights on', 'KL07AB0004',
           '2026-12-01T12:00:00Z', '2026-12-08T12:00:00Z', '2026-12-01T12:10:00Z', ${slip.bothAnswered}, 'coming_now', '2026-12-01T12:20:00Z')`);
      await database.migrate(MIGRATIONS);

      expect(await database.db.select().from(slips).orderBy(asc(slips.code))).toEqual(
        Object.values(slip).map((id, index) => ({
          id,
          code: `ABCDEFGHJ${index + 1}`,
          ownerId: sender,
          createdAt: at('2026-12-01T08:00:00Z'),
          attachedAt:
            id === slip.unused ? null : at(`2026-12-01T${String(9 + index).padStart(2, '0')}:00:00Z`),
        })),
      );
      const notes = await database.db
        .select({
          id: requests.id,
          slipId: requests.slipId,
          receiverId: requests.receiverId,
          content: requests.content,
          templateKey: requests.templateKey,
          vehicleNumber: requests.vehicleNumber,
          sentAt: requests.sentAt,
          expiresAt: requests.expiresAt,
          replyKind: requests.replyKind,
          repliedAt: requests.repliedAt,
        })
        .from(requests)
        .orderBy(asc(requests.sentAt));
      expect(notes).toEqual([
        // Still waiting for its number: as it was.
        {
          id: note.waiting,
          slipId: slip.waiting,
          receiverId: null,
          content: 'Blocking my gate',
          templateKey: null,
          vehicleNumber: 'KL07AB0001',
          sentAt: at('2026-12-01T09:00:00Z'),
          expiresAt: at('2026-12-08T09:00:00Z'),
          replyKind: null,
          repliedAt: null,
        },
        // Answered on the slip, its waiting request gone: a request of the slip's id, waiting for nothing.
        {
          id: slip.answeredAlone,
          slipId: slip.answeredAlone,
          receiverId: null,
          content: templateText(textsFor('en'), 'blocking', 'KL07AB0002'),
          templateKey: 'blocking',
          vehicleNumber: 'KL07AB0002',
          sentAt: at('2026-12-01T10:00:00Z'),
          expiresAt: null,
          replyKind: 'coming_now',
          repliedAt: at('2026-12-01T10:05:00Z'),
        },
        // Delivered, answered on the slip only: the request takes the slip's answer.
        {
          id: note.deliveredAnswered,
          slipId: slip.deliveredAnswered,
          receiverId: receiver,
          content: 'Please move',
          templateKey: null,
          vehicleNumber: 'KL07AB0003',
          sentAt: at('2026-12-01T11:00:00Z'),
          expiresAt: at('2026-12-08T11:00:00Z'),
          replyKind: 'five_minutes',
          repliedAt: at('2026-12-01T11:30:00Z'),
        },
        // Answered by its receiver first: that answer stays the note's one answer.
        {
          id: note.bothAnswered,
          slipId: slip.bothAnswered,
          receiverId: receiver,
          content: 'Lights on',
          templateKey: null,
          vehicleNumber: 'KL07AB0004',
          sentAt: at('2026-12-01T12:00:00Z'),
          expiresAt: at('2026-12-08T12:00:00Z'),
          replyKind: 'coming_now',
          repliedAt: at('2026-12-01T12:20:00Z'),
        },
      ]);
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
