import { ROUTES } from '@rcm/shared/routes';
import { describe, expect, it } from 'vitest';
import { pathPattern } from './first-screen-plugin.ts';

/** An address of the route, its parameters filled in (an optional one with and without). */
function addresses(path: string): string[] {
  const filled = path.replace(/\$\w+/g, 'x1');
  if (!path.includes('{-$')) return [filled];
  return [filled.replace(/\{-x1\}/g, 'x1'), filled.replace(/\/\{-x1\}/g, '')];
}

/** The first route whose pattern matches, as the page's first script looks it up. */
const routeOf = (address: string) => ROUTES.find((r) => new RegExp(pathPattern(r.path)).test(address))?.name;

describe("the first script's route patterns", () => {
  it("find every route's page from its address, with or without a trailing slash", () => {
    for (const route of ROUTES) {
      for (const address of addresses(route.path)) {
        expect([address, routeOf(address)]).toEqual([address, route.name]);
        if (address !== '/') expect([`${address}/`, routeOf(`${address}/`)]).toEqual([`${address}/`, route.name]);
      }
    }
  });

  it('match no route for an address outside the table', () => {
    expect(routeOf('/no-such-page')).toBeUndefined();
    expect(routeOf('/jobs/1/view/more')).toBeUndefined();
    expect(routeOf('/user/login.php')).toBeUndefined();
  });
});
