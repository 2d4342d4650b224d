/**
 * Who a live event is for: a user's open apps, or the streams that follow one request by its status
 * token (a sender with no account). The live bus writes the topic into its NOTIFY payload as it is.
 */
import { z } from 'zod/mini';

export const topic = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string() }),
  z.object({ kind: z.literal('request'), requestId: z.string() }),
]);
export type Topic = z.infer<typeof topic>;
export type UserTopic = Extract<Topic, { kind: 'user' }>;
export type RequestTopic = Extract<Topic, { kind: 'request' }>;

export const userTopic = (userId: string): UserTopic => ({ kind: 'user', userId });
export const requestTopic = (requestId: string): RequestTopic => ({ kind: 'request', requestId });

/** The topic as a key of this instance's maps of listeners and streams; never sent anywhere. */
export const topicKey = (to: Topic): string =>
  to.kind === 'user' ? `user:${to.userId}` : `request:${to.requestId}`;
