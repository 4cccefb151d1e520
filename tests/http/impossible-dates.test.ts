// Impossible calendar dates (a 13th month, a 30th of February) in every date parameter of every operation's
// example, one at a time and all together: an input error the route declares (400 or 422, its documented
// body), never a 500 and never a 200 for a day that does not exist. A date that parses as a string but not as
// a day once crashed an order check, so the fuzzer's random values are not left to find this alone.
import { describe, expect, it } from '@jest/globals';
import { operationList, type Route } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { KEYS, useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const IMPOSSIBLE = ['2030-13-01', '2030-02-30', '2030-00-10', '2030-04-31'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The example's query parameters that carry a calendar day. */
function dateParams(route: Route): string[] {
  const url = new URL(route.example, 'http://local');
  return [...url.searchParams.entries()].filter(([, v]) => DAY.test(v)).map(([k]) => k);
}

/** The example's URL with the named parameters set to `day`. */
function withDay(route: Route, names: string[], day: string): string {
  const url = new URL(route.example, 'http://local');
  for (const name of names) url.searchParams.set(name, day);
  return `${url.pathname}${url.search}`;
}

const dated = operationList.filter((r) => dateParams(r).length > 0);

it('finds the dated operations', () => {
  expect(dated.length).toBeGreaterThanOrEqual(10);
});

describe.each(dated.map((r) => [r.path, r] as const))('impossible dates on %s', (_path, route) => {
  const names = dateParams(route);
  const cases = [...names.map((n) => [n]), ...(names.length > 1 ? [names] : [])];
  it.each(cases.flatMap((set) => IMPOSSIBLE.map((day) => [set.join('+'), day, set] as const)))(
    '%s = %s is a declared input error',
    async (_label, day, set) => {
      const res = await api.get(withDay(route, [...set], day), { 'x-api-key': KEYS.enterprise });
      expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
      // The route's validation status, or the date-format error a route's table gives its own status (400).
      expect([400, 422]).toContain(res.status);
    },
  );
});
