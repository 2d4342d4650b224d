/** Fuzzing (server/testing/fuzzing.ts) of windscreen cards, wiper slips, waiting notes and the pages for strangers. */
import { describe, it } from 'vitest';
import { expectUnharmed, fuzzRoute, routesOf, useFuzzedApp } from '../testing/fuzzing';

useFuzzedApp();

describe('fuzzing the routes of cards, slips and waiting notes', () => {
  it.each(routesOf('cardsAndSlips'))('$method $url: no 500, and nothing written when refused', fuzzRoute);

  it('leaves no polluted prototype behind, and the app answering', expectUnharmed);
});
