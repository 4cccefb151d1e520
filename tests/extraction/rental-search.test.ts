// rental's search reader on fresh fixtures in §16's shape (StaysSearch, 2026-09 web client): cards with
// their decoded listing ids, a hotel card whose lines are swapped, a discounted price, a new listing
// without a rating, a card whose id cannot be read skipped and counted; the stale-hash answer (HTTP 200,
// data null, a ValidationError) as the 502 that names the setting, with the drift counted; the cursor.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { refusalOf } from '../../shared/providers/rental/graphql.ts';
import { extractSearchPage, listingIdOfCard, SearchAnswer } from '../../shared/providers/rental/search.ts';
import { decodeCursor, encodeCursor, seenKey } from '../../shared/schemas/rental-cursor.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureJson, skipped, withDrift } from '../helpers/fixtures.ts';
import { RENTAL_SEARCH } from '../helpers/fixture-queries.ts';

const fixture = (name: string): unknown => fixtureJson('rental', name);
const stay = RENTAL_SEARCH;
const read = (answer: unknown, q = stay) =>
  extractSearchPage(
    conform('rental', SearchAnswer, answer, 'the search answer'),
    q,
    'https://www.rental.example',
  );

beforeAll(() =>
  useProviders({
    rental: { baseUrl: 'https://www.rental.example', operations: { stays_search: 'd'.repeat(64) } },
  }),
);
afterAll(() => useProviders({}));

describe('the search reader', () => {
  it.each([
    ['total for 5 nights', { total: 2245, per_night: 449 }],
    ['night', { total: 2245 * 5, per_night: 2245 }],
    ['before taxes', { total: null, per_night: null }],
  ])('reads the qualifier %j as what the price covers, a total first', (qualifier, expected) => {
    // Prepare: the first card's qualifier says it otherwise
    const answer = JSON.parse(
      JSON.stringify(fixture('search-page.json')).replace(
        '"qualifier":"total"',
        `"qualifier":${JSON.stringify(qualifier)}`,
      ),
    );
    // Act
    const page = read(answer);
    // Assess
    expect(page.listings[0]!.price).toMatchObject({ ...expected, qualifier });
  });

  it('reads the cards: ids decoded, lines, rating, the stay total and its night, badges, free cancellation', () => {
    // Act
    const { value: page, drift } = withDrift(() => read(fixture('search-page.json')));
    // Assess
    expect(page.nextCursor).toBe(
      Buffer.from('{"section_offset":0,"items_offset":36,"version":1}').toString('base64'),
    );
    expect(page.listings.map((l) => l.listing_id)).toEqual([
      '1160598237194458817',
      '48213377',
      '874412009331276105',
      '52903388',
    ]);
    expect(page.listings[0]).toEqual({
      listing_id: '1160598237194458817',
      name: 'Calm studio by the Saône',
      kind: 'Apartment',
      title: 'Apartment in 1st Arrondissement',
      latitude: 45.764,
      longitude: 4.8357,
      rating: 4.95,
      review_count: 74,
      price: { total: 2245, per_night: 449, currency: 'EUR', display: '€2,245', qualifier: 'total' },
      badges: ['Guest favorite'],
      free_cancellation: true,
      photo_url: 'https://a0.rental.test/im/pictures/miso/Hosting-1160598237194458817/original/00000001.jpeg',
      url: 'https://www.rental.example/rooms/1160598237194458817?check_in=2031-05-01&check_out=2031-05-06&adults=2',
    });
    // The hotel card: its name in title, its type and place in subtitle.
    expect(page.listings[1]).toMatchObject({
      name: 'Hôtel des Terreaux',
      kind: 'Hotel',
      title: 'Hotel in Lyon',
      rating: 4.71,
      review_count: 1203,
      free_cancellation: null,
    });
    // The discounted card is priced at what is charged; the new listing states no rating.
    expect(page.listings[2]).toMatchObject({
      price: { total: 1510, per_night: 302, display: '€1,510' },
      rating: null,
      review_count: null,
    });
    expect(drift).toContainEqual(
      skipped('rental', 'data.presentation.staysSearch.results.searchResults[]', 1),
    );
    // The hotel card's missing name is counted, not guessed.
    expect(drift).toContainEqual({
      provider: 'rental',
      kind: 'missing',
      field: 'data.presentation.staysSearch.results.searchResults[].demandStayListing.description',
      count: 1,
    });
  });

  it('gives no price without dates, and none in another currency than asked (counted)', () => {
    // Act
    const {
      value: [dateless, dollars],
      drift,
    } = withDrift(() => [
      read(fixture('search-page.json'), {
        ...stay,
        checkIn: undefined,
        checkOut: undefined,
        nights: undefined,
      }),
      read(fixture('search-page.json'), { ...stay, currency: 'USD' }),
    ]);
    // Assess
    expect(dateless.listings.every((l) => l.price === null)).toBe(true);
    expect(dateless.listings[0]!.url).toBe('https://www.rental.example/rooms/1160598237194458817');
    expect(dollars.listings.every((l) => l.price === null)).toBe(true);
    // One card shows no plain price (it is discounted) in each read; four priced in euros, not dollars.
    expect(drift.filter((d) => d.field.endsWith('primaryLine.price'))).toHaveLength(2 + 4);
  });

  it('answers the stale-hash answer (HTTP 200, data null, a ValidationError) as the 502 naming the setting, counted', () => {
    // Act
    const { value: refused, drift } = withDrift(() =>
      refusalOf('StaysSearch', 200, fixture('search-stale-hash.json')),
    );
    // Assess
    expect(refused).toBeInstanceOf(ExtractionError);
    expect(refused!.message).toContain('operations.stays_search');
    expect(drift.map((d) => d.field)).toEqual(['data']);
    expect(() => read(fixture('search-stale-hash.json'))).toThrow(ExtractionError);
  });

  it('decodes card ids: base64 of DemandStayListing, or a plain decimal id; nothing else', () => {
    expect(listingIdOfCard(Buffer.from('DemandStayListing:1234567890123456789').toString('base64'))).toBe(
      '1234567890123456789',
    );
    expect(listingIdOfCard('40000001')).toBe('40000001');
    expect(listingIdOfCard(Buffer.from('StayListing:abc').toString('base64'))).toBeUndefined();
  });

  it('keeps the chain in the cursor: the source cursor, the search, and what was returned', () => {
    // Act
    const text = encodeCursor({
      fingerprint: 'f1',
      source: 'eyJ4IjoxfQ==',
      seen: [seenKey('1'), seenKey('2')],
    });
    // Assess
    expect(decodeCursor(text)).toEqual({
      fingerprint: 'f1',
      source: 'eyJ4IjoxfQ==',
      seen: [seenKey('1'), seenKey('2')],
    });
    expect(decodeCursor('not-a-cursor')).toBeUndefined();
    expect(
      decodeCursor(Buffer.from('{"v":1,"f":"f","c":"x","s":"abc"}').toString('base64url')),
    ).toBeUndefined();
    expect(seenKey('1')).not.toBe(seenKey('2'));
  });
});
