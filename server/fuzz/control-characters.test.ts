/** A control character in any text field of any route is refused before it reaches the database. */
import { describe, expect, it } from 'vitest';
import {
  expectControlCharactersRefused,
  routesTakingInput,
  routesWithAcceptedInput,
  useFuzzedApp,
} from '../testing/fuzzing';

useFuzzedApp();

describe('a control character in any text field', () => {
  it('covers every route that takes a body or a query', () => {
    expect(routesWithAcceptedInput().sort()).toEqual(routesTakingInput().sort());
  });

  it.each(routesWithAcceptedInput())(
    '%s: answers 400 {message} and writes nothing',
    expectControlCharactersRefused,
  );
});
