/** Fuzzing (server/testing/fuzzing.ts) of sign-in, the account, vehicles, ownership and search, and of the route list itself. */
import { describe, expect, it } from 'vitest';
import {
  allFuzzedRoutes,
  expectUnharmed,
  fuzzedApp,
  fuzzRoute,
  routesOf,
  useFuzzedApp,
  type FuzzedRoutes,
} from '../testing/fuzzing';
import { apiRoutes, routeName } from '../testing/routes';

useFuzzedApp();

describe('fuzzing the routes of accounts and vehicles', () => {
  it('fuzzes exactly the routes the app serves, each in one file', () => {
    const served = apiRoutes(fuzzedApp().app).map(routeName);
    expect(allFuzzedRoutes().map(routeName).sort()).toEqual(served.sort());
    const groups: FuzzedRoutes[] = ['accounts', 'requests', 'cardsAndSlips'];
    const fuzzed = groups.flatMap((group) => routesOf(group).map(routeName));
    expect(fuzzed.sort()).toEqual(allFuzzedRoutes().map(routeName).sort());
  });

  it.each(routesOf('accounts'))('$method $url: no 500, and nothing written when refused', fuzzRoute);

  it('leaves no polluted prototype behind, and the app answering', expectUnharmed);
});
