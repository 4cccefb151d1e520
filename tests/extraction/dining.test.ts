// dining's request builder, CSRF bootstrap pattern and extractor on answers in the real format (written
// fresh, invented values): minute offsets from the requested time, another restaurant's block, GraphQL
// errors and refusals.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { CSRF_PATTERN } from '../../infra/sandbox/sites/dining.ts';
import { answerFailure, AvailabilityAnswer, extractSlots } from '../../shared/providers/dining/extract.ts';
import { availabilityRequest, type SlotQuery } from '../../shared/providers/dining/requests.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { sessionHeaders } from '../../shared/upstream/session.ts';
import { fixtureText } from '../helpers/fixtures.ts';

const text = (name: string) => fixtureText('dining', name);
const fixture = (name: string): AvailabilityAnswer => AvailabilityAnswer.parse(JSON.parse(text(name)));
const query = (preferredTime = '19:30'): SlotQuery => ({
  restaurantId: 48210,
  date: '2031-05-16',
  preferredTime,
  partySize: 4,
});

// An invented hash: real ones live only in the live profile.
const HASH = 'a'.repeat(64);

describe('availability request', () => {
  beforeEach(() => {
    useProviders({
      dining: {
        baseUrl: 'https://www.dining.test',
        hosts: ['www.dining.test'],
        operations: { availability: HASH },
      },
    });
  });

  it('posts the persisted query with the operation name in the URL and the body, and the session', () => {
    // Act
    const req = availabilityRequest(query());
    // Assess
    expect(req).toMatchObject({
      provider: 'dining',
      method: 'POST',
      path: '/dapi/fe/gql',
      query: { optype: 'query', opname: 'RestaurantsAvailability' },
      headers: { origin: 'https://www.dining.test', referer: 'https://www.dining.test/' },
      session: true,
      safe: true,
      expect: 'json',
    });
    expect((req.body as { json: unknown }).json).toEqual({
      operationName: 'RestaurantsAvailability',
      variables: {
        onlyPop: false,
        forwardDays: 0,
        requireTimes: false,
        requireTypes: ['Standard', 'Experience'],
        restaurantIds: [48210],
        date: '2031-05-16',
        time: '19:30',
        partySize: 4,
        databaseRegion: 'NA',
        forwardMinutes: 120,
        backwardMinutes: 120,
        forwardTimeslots: 8,
        backwardTimeslots: 8,
        restaurantAvailabilityTokens: [],
        loyaltyRedemptionTiers: [],
        correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
      extensions: { persistedQuery: { version: 1, sha256Hash: HASH } },
    });
  });

  it('takes the hash and the database region from configuration', () => {
    // Prepare
    useProviders({
      dining: {
        baseUrl: 'https://www.dining.test',
        operations: { availability: 'a'.repeat(64), database_region: 'EU' },
      },
    });
    // Act
    const json = (availabilityRequest(query()).body as { json: Record<string, Record<string, unknown>> })
      .json;
    // Assess
    expect(json.extensions).toEqual({ persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } });
    expect(json.variables!.databaseRegion).toBe('EU');
  });

  it('keeps the per-request correlation id out of the cache key', () => {
    // Act
    const [a, b] = [availabilityRequest(query()), availabilityRequest(query())];
    const id = (r: typeof a) => (r.body as { json: { variables: { correlationId: string } } }).json.variables;
    // Assess
    expect(id(a).correlationId).not.toBe(id(b).correlationId);
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.cacheKey).not.toBe(availabilityRequest(query('20:00')).cacheKey);
  });
});

describe('CSRF bootstrap', () => {
  it("reads the token from the page's primary-window-vars script, not from other scripts", () => {
    // Act
    const headers = sessionHeaders({}, text('page.html'), { pattern: CSRF_PATTERN, header: 'x-csrf-token' });
    // Assess
    expect(headers).toEqual({ 'x-csrf-token': '5d0c7a1e-93b4-4e2f-a6d8-0c1b2e3f4a5b' });
  });
});

describe('availability answer', () => {
  it("turns the restaurant's available offsets into distinct, sorted times within the window", () => {
    // Act
    const slots = extractSlots(fixture('availability.json'), query());
    // Assess
    expect(slots).toEqual(['17:30', '18:00', '19:00', '19:30', '19:45', '21:30']);
  });

  it('never takes times from the other restaurant in the answer, nor from another day', () => {
    // Act
    const slots = extractSlots(fixture('availability.json'), query())!;
    // Assess
    for (const foreign of ['18:45', '20:00', '21:00', '18:15', '20:30']) expect(slots).not.toContain(foreign);
  });

  it.each([
    ['23:30', ['21:30', '22:00', '23:00', '23:30', '23:45']],
    ['01:00', ['00:30', '01:00', '01:15', '03:00']],
  ])('keeps times on the requested day of the restaurant clock near %s', (time, expected) => {
    expect(extractSlots(fixture('availability.json'), query(time))).toEqual(expected);
  });

  it('answers an empty list when nothing is free for the party', () => {
    expect(extractSlots(fixture('availability-none-free.json'), query())).toEqual([]);
  });

  it('answers undefined when the answer holds no restaurant at all', () => {
    expect(extractSlots(fixture('availability-unknown-restaurant.json'), query())).toBeUndefined();
  });

  it.each<[string, unknown]>([
    [
      'blocks only for other restaurants',
      { data: { availability: [{ restaurantId: 1, availabilityDays: [] }] } },
    ],
    ['no data', {}],
    ['null availability', { data: { availability: null } }],
  ])('fails extraction on an answer with %s', (_case, body) => {
    // Act
    const act = () =>
      extractSlots(conform('dining', AvailabilityAnswer, body, 'the availability answer', 200), query());
    // Assess
    expect(act).toThrow(ExtractionError);
  });

  it('rejects slots whose offset is not a whole number of minutes', () => {
    // Prepare
    const body = JSON.parse(text('availability.json'));
    body.data.availability[1].availabilityDays[0].slots[0].timeOffsetMinutes = '-150';
    // Act
    const parsed = AvailabilityAnswer.safeParse(body);
    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('refusals and GraphQL errors', () => {
  const hash = 'c'.repeat(64);

  it('names the stale hash and where to update it on PersistedQueryNotFound', () => {
    // Act
    const failure = answerFailure(200, JSON.parse(text('persisted-query-not-found.json')), hash);
    // Assess
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure!.message).toContain(hash);
    expect(failure!.message).toContain('operations.availability');
  });

  it('names the operation on a 409, whatever its body', () => {
    // Act
    const failure = answerFailure(409, null, hash);
    // Assess
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure!.message).toContain('RestaurantsAvailability (HTTP 409');
    expect(failure!.message).toContain(hash);
  });

  it('reports other GraphQL errors without data as upstream errors, and passes good answers', () => {
    // Act
    const failure = answerFailure(
      200,
      { errors: [{ message: 'Timeout while querying availability' }] },
      hash,
    );
    // Assess
    expect(failure!.message).toContain('Timeout while querying availability');
    expect(answerFailure(200, JSON.parse(text('availability.json')), hash)).toBeUndefined();
    expect(answerFailure(404, { message: 'Not found' }, hash)!.message).toContain('HTTP 404');
  });
});
