import type { MockInstance } from 'vitest';
import type { LiveNotificationBus, Publication } from '../domain/live/bus';

/** A spy on the bus's `publish`: `vi.spyOn(t.app.notificationBus, 'publish')`. */
export type PublishSpy = MockInstance<LiveNotificationBus['publish']>;

type PublicationOf<K extends Publication['kind']> = Extract<Publication, { kind: K }>;

/** The user a publication is for; null for a request followed by its status token. */
const userOf = (publication: Publication): string | null =>
  publication.kind !== 'request'
    ? publication.userId
    : publication.topic.kind === 'user'
      ? publication.topic.userId
      : null;

/** What a spy on the bus's `publish` was given of one kind, in order; for one user when `userId` is given. */
export function published<K extends Publication['kind']>(
  spy: PublishSpy,
  kind: K,
  userId?: string,
): PublicationOf<K>[] {
  return spy.mock.calls
    .map(([publication]) => publication)
    .filter(
      (publication): publication is PublicationOf<K> =>
        publication.kind === kind && (userId === undefined || userOf(publication) === userId),
    );
}
