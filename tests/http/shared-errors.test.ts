// The errors every keyed route shares, once for the whole manifest: 401 without a key and 429 past the
// daily quota (on every route that counts), both in the global body. (The upstream 502/503/504 of every route are in the fault matrix.)
import { describe, expect, it } from '@jest/globals';
import { operationList, routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const keyed = operationList.filter((r) => r.auth);

describe('errors every keyed route shares', () => {
  it.each(keyed.map((r) => [r.path, r] as const))(
    '%s answers 401 unauthorized without a key and 429 rate_limit_exceeded past the daily quota',
    async (_path, route) => {
      // Prepare: a free key (10 billed calls a day) used up by answers that need no upstream (the gazetteer's);
      // invalid calls would not do, since they are free.
      const key = api.addKey('free');
      for (let i = 0; i < 10; i++) await api.get(routes.coordinatesLookup.example, { 'x-api-key': key });
      // Act
      const none = await api.get(route.example, {});
      const over = await api.get(route.example, { 'x-api-key': key });
      // Assess
      expect([none.status, none.body.error.code]).toEqual([401, 'unauthorized']);
      if (route.counted === false) {
        // A route that spends no quota (the usage endpoint) still answers, and reports the quota used up.
        expect([over.status, over.headers.get('x-ratelimit-remaining')]).toEqual([200, '0']);
      } else {
        expect([over.status, over.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      for (const res of [none, over])
        expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
    },
  );
});
