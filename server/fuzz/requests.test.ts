/** Fuzzing (server/testing/fuzzing.ts) of messages, notifications, answers, calls and photos. */
import { describe, it } from 'vitest';
import { expectUnharmed, fuzzPhotoUpload, fuzzRoute, routesOf, useFuzzedApp } from '../testing/fuzzing';

useFuzzedApp();

describe('fuzzing the routes of requests', () => {
  it.each(routesOf('requests'))('$method $url: no 500, and nothing written when refused', fuzzRoute);

  it(
    'answers hostile multipart forms to sendImage without a 500, and a refused one writes nothing',
    fuzzPhotoUpload,
  );

  it('leaves no polluted prototype behind, and the app answering', expectUnharmed);
});
