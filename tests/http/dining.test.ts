// GET /v1/dining/restaurants/{restaurant_id}/availability/slots against the sandbox.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { DiningSlotsResponse, SlotsQuery } from '../../functions/dining/slots.ts';
import { buildOpenApi } from '../../infra/openapi.ts';
import { SANDBOX_AVAILABILITY_HASH, SANDBOX_CSRF_TOKEN } from '../../infra/sandbox/sites/dining.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const slots = (id: string | number, qs: Record<string, string>) =>
  api.get(`/v1/dining/restaurants/${id}/availability/slots?${new URLSearchParams(qs)}`);
const ok = () => ({ date: day(20), preferred_time: '19:30', party_size: '2' });
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The availability query straight to the sandbox, as the source's web app sends it. */
function gql(
  changes: { opname?: string; hash?: string; csrf?: string | null; restaurantId?: number } = {},
): Promise<Response> {
  const opname = changes.opname ?? 'RestaurantsAvailability';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (changes.csrf !== null) headers['x-csrf-token'] = changes.csrf ?? SANDBOX_CSRF_TOKEN;
  return fetch(`${api.sandbox.url}/dining/dapi/fe/gql?optype=query&opname=${opname}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      operationName: 'RestaurantsAvailability',
      variables: {
        restaurantIds: [changes.restaurantId ?? 10001],
        date: ok().date,
        time: '19:30',
        partySize: 2,
        databaseRegion: 'NA',
        forwardMinutes: 120,
        backwardMinutes: 120,
        forwardTimeslots: 8,
        backwardTimeslots: 8,
      },
      extensions: { persistedQuery: { version: 1, sha256Hash: changes.hash ?? SANDBOX_AVAILABILITY_HASH } },
    }),
  });
}

describe('GET /v1/dining/restaurants/{restaurant_id}/availability/slots', () => {
  it('returns distinct HH:MM times in order, near the preferred time', async () => {
    const res = await slots(10001, ok());
    expect(res.status).toBe(200);
    DiningSlotsResponse.strict().parse(res.body);
    expect(Object.keys(res.body)).toEqual(['success', 'slots']);
    const times = res.body.slots as string[];
    expect(times.length).toBeGreaterThan(0);
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort()).toEqual(times);
    for (const t of times) {
      expect(t).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(Math.abs(minutes(t) - minutes('19:30'))).toBeLessThanOrEqual(120);
    }
  });

  it('answers 200 with no slots when nothing is free for the party', async () => {
    const res = await slots(10001, { ...ok(), party_size: '30' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, slots: [] });
  });

  it('documents the HH:MM rule of preferred_time as a pattern in the generated schema', async () => {
    // Act
    const input = z.toJSONSchema(SlotsQuery, { io: 'input' }) as {
      properties: Record<string, { pattern?: string }>;
    };
    const doc = await buildOpenApi();
    const param = doc.paths[routes.diningSlots.path]!.get!.parameters.find(
      (p) => p.name === 'preferred_time',
    )!;
    // Assess
    for (const pattern of [input.properties.preferred_time!.pattern, param.schema.pattern]) {
      const rule = new RegExp(String(pattern));
      expect(['00:00', '09:05', '19:30', '23:59'].every((t) => rule.test(t))).toBe(true);
      expect(['24:00', '9:30', '19:60', '7pm', '19:30:00'].some((t) => rule.test(t))).toBe(false);
    }
  });

  it.each([
    [{ date: '2027/06/10' }, 400, 'INVALID_DATE_FORMAT'],
    [{ date: '2027-13-01' }, 400, 'INVALID_DATE_FORMAT'],
    [{ date: () => day(-1) }, 400, 'PAST_DATE'],
    [{ preferred_time: '7pm' }, 400, 'INVALID_TIME_FORMAT'],
    [{ preferred_time: '24:00' }, 400, 'INVALID_TIME_FORMAT'],
    [{ preferred_time: '9:30' }, 400, 'INVALID_TIME_FORMAT'],
    [{ party_size: '0' }, 422, 'INVALID_PARAMETERS'],
    [{ party_size: '31' }, 422, 'INVALID_PARAMETERS'],
    [{ party_size: undefined }, 422, 'INVALID_PARAMETERS'],
    [{ date: undefined }, 422, 'INVALID_PARAMETERS'],
    [{ preferred_time: undefined }, 422, 'INVALID_PARAMETERS'],
  ])('answers %j with %i %s', async (change, status, code) => {
    const qs: Record<string, string> = ok();
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete qs[k];
      else qs[k] = typeof v === 'function' ? v() : v;
    }
    const res = await slots(10001, qs);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({
      error_code: code,
      instance: expect.stringContaining('/v1/dining/restaurants/10001/'),
      correlation_id: expect.any(String),
    });
  });

  it.each(['0', '-4', 'abc', '1.5'])('answers 422 when restaurant_id is %s', async (id) => {
    const res = await slots(id, ok());
    expect(res.status).toBe(422);
  });

  it('answers 404 RESTAURANT_NOT_FOUND for a restaurant the service does not have', async () => {
    const res = await slots(42, ok());
    expect([res.status, res.body.error_code]).toEqual([404, 'RESTAURANT_NOT_FOUND']);
    expectDocumented(routes.diningSlots, res.status, res.headers.get('content-type'), res.body);
  });

  it('sends the persisted availability query with the session CSRF token, and reads the source offsets', async () => {
    // Prepare
    const raw = (await (await gql()).json()) as {
      data: {
        availability: {
          restaurantId: number;
          availabilityDays: { slots: { isAvailable: boolean; timeOffsetMinutes: number }[] }[];
        }[];
      };
    };
    const blocks = raw.data.availability;
    const own = blocks.find((b) => b.restaurantId === 10001)!;
    const expected = [
      ...new Set(
        own.availabilityDays[0]!.slots.filter((x) => x.isAvailable).map((x) =>
          hhmm(minutes('19:30') + x.timeOffsetMinutes),
        ),
      ),
    ].sort();
    // Act
    const res = await slots(10001, ok());
    // Assess
    expect(blocks.map((b) => b.restaurantId)).toContain(10002);
    expect(res.body.slots).toEqual(expected);
    const posts = api.sandbox.requests('dining').filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.status])).toEqual([
      ['/dapi/fe/gql?optype=query&opname=RestaurantsAvailability', 200],
      ['/dapi/fe/gql?optype=query&opname=RestaurantsAvailability', 200],
    ]);
    const sent = JSON.parse(posts[1]!.body!);
    expect(sent).toMatchObject({
      operationName: 'RestaurantsAvailability',
      variables: {
        restaurantIds: [10001],
        date: ok().date,
        time: '19:30',
        partySize: 2,
        requireTypes: ['Standard', 'Experience'],
      },
      extensions: { persistedQuery: { version: 1, sha256Hash: SANDBOX_AVAILABILITY_HASH } },
    });
  });

  it.each([
    ['without the CSRF token', { csrf: null }, 403],
    ['with a CSRF token the site never gave', { csrf: 'f00dbabe-0000-4000-8000-000000000000' }, 403],
    ['when opname does not name the operation', { opname: 'RestaurantsAvailabilityV2' }, 409],
  ])('the sandbox refuses the query %s', async (_case, changes, status) => {
    // Act
    const res = await gql(changes);
    // Assess
    expect(res.status).toBe(status);
  });

  it('answers 502 UPSTREAM_ERROR naming the stale persisted query hash when the source does not know it', async () => {
    // Prepare
    const stale = 'b'.repeat(64);
    const providers = api.sandbox.providers();
    useProviders({ ...providers, dining: { ...providers.dining!, operations: { availability: stale } } });
    try {
      // Act
      const res = await slots(10001, ok());
      // Assess
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR', provider: 'dining' });
      expect(res.body.detail).toContain(stale);
      expect(res.body.detail).toContain('operations.availability');
      expectDocumented(routes.diningSlots, res.status, res.headers.get('content-type'), res.body);
    } finally {
      useProviders(providers);
    }
  });

  it('answers 502 UPSTREAM_ERROR naming the operation when the source refuses it with 409', async () => {
    // Prepare: a session first, so that the refusal meets the query itself
    await slots(10001, { ...ok(), preferred_time: '12:00' });
    api.sandbox.inject('dining', { kind: 'status', status: 409 }, 1);
    // Act
    const res = await slots(10001, ok());
    // Assess
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR', provider: 'dining' });
    expect(res.body.detail).toContain('RestaurantsAvailability (HTTP 409');
    expectDocumented(routes.diningSlots, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 502 UPSTREAM_ERROR when no usable availability comes back', async () => {
    api.sandbox.inject('dining', { kind: 'layout' });
    const res = await slots(10001, ok());
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('UPSTREAM_ERROR');
  });
});
