import { z } from 'zod';
import { MESSAGE_MAX, TITLE_MAX } from '#common/limits';
import { idSchema, trimmedText } from '../../lib/validation';

export const sendMessageBody = z.strictObject({
  userId: idSchema,
  vehicleId: idSchema,
  message: trimmedText(1, MESSAGE_MAX),
});

export const sendNotificationBody = z.strictObject({
  receiverId: idSchema,
  title: trimmedText(1, TITLE_MAX),
  body: trimmedText(1, MESSAGE_MAX),
});

export const notificationRefBody = z.strictObject({ notificationId: idSchema });

export const emptyObject = z.strictObject({});
