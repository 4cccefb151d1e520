// chain_c's extractor on fixtures in the real format of the lowest-rates answer (written fresh, invented
// values), and the request it is read from.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { extractPage, LowestRatesAnswer, refusal } from '../../shared/providers/chain-c/lowest-rates.ts';
import { lowestRatesRequest, searchVariables } from '../../shared/providers/chain-c/requests.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureJson, skipped, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string) => LowestRatesAnswer.parse(fixtureJson('chain-c', name));
const OPTIONS = {
  currency: 'EUR',
  imageBase: 'https://img.chain-c.test/',
  siteBase: 'https://www.chain-c.test',
};

/** An edge of the fixture's search, loose enough for a test to take parts away. */
type RawEdge = {
  node: { property: Record<string, unknown> & { basicInformation?: Record<string, unknown> } };
};

/** The older search's fixture as parsed JSON, before any reader. */
const rawLowestRates = () =>
  JSON.parse(readFileSync(new URL('../fixtures/chain-c/lowest-rates.json', import.meta.url), 'utf8')) as {
    data: { searchLowestAvailableRatesByGeolocation: { edges: RawEdge[] } };
  };

describe('lowest-rates answer', () => {
  const answer = fixture('lowest-rates.json');

  it('reads the total and whether a page follows from the source, not from the page length', () => {
    // Act
    const page = extractPage(answer, OPTIONS);
    // Assess
    expect(page).toMatchObject({ total: 11, hasMore: true });
    expect(page.hotels.map((h) => h.property_id)).toEqual(['QXLVA', 'QXLVB', 'QXLVC', 'QXLVD']);
  });

  it('divides integer amounts by ten to the decimal point, on the side priced in the currency asked for', () => {
    // Act
    const [eur] = extractPage(answer, OPTIONS).hotels;
    const [usd] = extractPage(answer, { ...OPTIONS, currency: 'USD' }).hotels;
    // Assess
    expect(eur!.price).toEqual({
      per_night: 189.5,
      total: 424.48,
      taxes: 36.38,
      fees: 9.1,
      currency: 'EUR',
      points_per_night: 42000,
    });
    expect(usd!.price).toMatchObject({ per_night: 205.98, total: 461.39, currency: 'USD' });
  });

  it('reads a rate given as one object, and amounts without decimals', () => {
    const partner = extractPage(answer, { ...OPTIONS, currency: 'JPY' }).hotels[2]!;
    expect(partner.price).toEqual({
      per_night: 31200,
      total: 69888,
      taxes: null,
      fees: null,
      currency: 'JPY',
      points_per_night: null,
    });
  });

  it('prices a property whose rate shows the night without its total: the total from the stay nights, taxes and fees, else null', () => {
    // Prepare: the first property's rate lost its total after tax; the third's (no taxes or fees) too
    type RawRate = { rateAmounts: Record<string, unknown>[] };
    const raw = rawLowestRates();
    const edges = raw.data.searchLowestAvailableRatesByGeolocation.edges as unknown as {
      node: { rates: RawRate | RawRate[] };
    }[];
    delete (edges[0]!.node.rates as RawRate[])[0]!.rateAmounts[0]!.totalAmount;
    (edges[2]!.node.rates as RawRate).rateAmounts[0]!.totalAmount = null;
    // Act
    const eur = extractPage(LowestRatesAnswer.parse(raw), { ...OPTIONS, rooms: 1 }).hotels;
    const twoRooms = extractPage(LowestRatesAnswer.parse(raw), { ...OPTIONS, rooms: 2 }).hotels;
    const jpy = extractPage(LowestRatesAnswer.parse(raw), { ...OPTIONS, currency: 'JPY', rooms: 1 }).hotels;
    // Assess: 2 nights of 189.50 with 36.38 taxes and 9.10 fees; for two rooms nothing says what the
    // taxes and fees cover, so no total is made up
    expect(eur[0]).toMatchObject({
      bookable: true,
      price: { per_night: 189.5, total: 424.48, taxes: 36.38, fees: 9.1, currency: 'EUR' },
    });
    expect(twoRooms[0]!.price).toMatchObject({ per_night: 189.5, total: null, taxes: 36.38 });
    expect(jpy[2]).toMatchObject({
      bookable: true,
      price: { per_night: 31200, total: null, taxes: null, fees: null, currency: 'JPY' },
    });
  });

  it('gives no price to a property whose rate is unavailable or that the site marks unbookable', () => {
    const hotels = extractPage(answer, OPTIONS).hotels;
    expect(hotels[1]).toMatchObject({
      bookable: false,
      price: null,
      rating: null,
      review_count: null,
      description: null,
    });
    expect(hotels[3]).toMatchObject({ bookable: false, price: null });
  });

  it('keeps a property without its distance, and prices a rate shown without its status, bookable null', () => {
    // Prepare: the first property loses its distance and its rate its status; the sold-out second one's
    // status says AVAILABLE without showing a price
    type RawNode = { distance?: number; rates: { status?: { code: string } }[] };
    const raw = rawLowestRates();
    const [first, second] = raw.data.searchLowestAvailableRatesByGeolocation.edges as unknown as {
      node: RawNode;
    }[];
    delete first!.node.distance;
    delete first!.node.rates[0]!.status;
    second!.node.rates[0]!.status = { code: 'AVAILABLE' };
    // Act
    const hotels = extractPage(LowestRatesAnswer.parse(raw), OPTIONS).hotels;
    // Assess
    expect(hotels.map((h) => h.property_id)).toEqual(['QXLVA', 'QXLVB', 'QXLVC', 'QXLVD']);
    expect(hotels[0]).toMatchObject({
      distance_meters: null,
      bookable: null,
      price: { per_night: 189.5, total: 424.48, currency: 'EUR' },
    });
    expect(hotels[1]).toMatchObject({ bookable: true, price: null });
  });

  it('keeps a brand shown without its name by its id, the name null', () => {
    // Prepare
    const raw = rawLowestRates();
    const brand = raw.data.searchLowestAvailableRatesByGeolocation.edges[0]!.node.property.basicInformation!
      .brand as { name?: string };
    delete brand.name;
    // Act
    const [first] = extractPage(LowestRatesAnswer.parse(raw), OPTIONS).hotels;
    // Assess
    expect([first!.property_id, first!.brand]).toEqual(['QXLVA', { id: 'MC', name: null }]);
  });

  it('labels amounts in the currency the source priced in when it has none in the one asked for', () => {
    const [first] = extractPage(answer, { ...OPTIONS, currency: 'GBP' }).hotels;
    expect(first!.price!.currency).toBe('USD');
  });

  it('maps the property: caption, stars, relative image on the image base, page from the SEO nickname', () => {
    const [first] = extractPage(answer, OPTIONS).hotels;
    expect(first).toMatchObject({
      name: 'Meridian Crown Lorvane',
      brand: { id: 'MC', name: 'Meridian Crown' },
      location: { latitude: 47.1262, longitude: 9.5701 },
      description: 'Riverside rooms steps from the old town of Lorvane.',
      rating: 4.6,
      review_count: 1288,
      image: 'https://img.chain-c.test/content/dam/renditions/QXLVA/qxlva-exterior-4411-hor-wide.jpg',
      url: 'https://www.chain-c.test/hotels/travel/qxlva-meridian-crown-lorvane/',
      distance_meters: 352.8,
    });
  });

  it('keeps a property without its image, or whose image or page name is null, with image or url null; skips a placeholder edge', () => {
    // Prepare: the first property lost its media, the second its picture, the third its page name; a
    // null edge at the end
    const raw = rawLowestRates();
    const edges: (RawEdge | null)[] = raw.data.searchLowestAvailableRatesByGeolocation.edges;
    delete edges[0]!.node.property.media;
    edges[1]!.node.property.media = {
      primaryImage: { edges: [{ node: { imageUrls: { wideHorizontal: null } } }] },
    };
    edges[2]!.node.property.seoNickname = null;
    edges.push(null);
    // Act
    const { value: page, drift: seen } = withDrift(() => extractPage(LowestRatesAnswer.parse(raw), OPTIONS));
    // Assess
    expect(page.hotels.map((h) => [h.property_id, h.image === null, h.url === null])).toEqual([
      ['QXLVA', true, false],
      ['QXLVB', true, false],
      ['QXLVC', false, true],
      ['QXLVD', false, false],
    ]);
    expect(seen).toContainEqual(
      skipped('chain_c', 'data.searchLowestAvailableRatesByGeolocation.edges[]', 1),
    );
    expect(seen).toContainEqual(
      expect.objectContaining({
        kind: 'missing',
        field: 'data.searchLowestAvailableRatesByGeolocation.edges[].node.property.media',
      }),
    );
  });

  it('counts a page nickname sent blank under the field the reader names, url null', () => {
    // Prepare
    const raw = rawLowestRates();
    raw.data.searchLowestAvailableRatesByGeolocation.edges[0]!.node.property.seoNickname = '  ';
    // Act
    const { value: page, drift: seen } = withDrift(() => extractPage(LowestRatesAnswer.parse(raw), OPTIONS));
    // Assess
    expect(page.hotels[0]!.url).toBeNull();
    expect(seen).toContainEqual(
      expect.objectContaining({
        kind: 'missing',
        field: 'data.searchLowestAvailableRatesByGeolocation.edges[].node.property.seoNickname',
      }),
    );
  });

  it('keeps a property shown without its brand or coordinates, with brand or location null', () => {
    // Prepare: the first property lost its brand, the second its coordinates
    const raw = rawLowestRates();
    const edges = raw.data.searchLowestAvailableRatesByGeolocation.edges;
    delete edges[0]!.node.property.basicInformation!.brand;
    edges[1]!.node.property.basicInformation!.latitude = null;
    // Act
    const page = extractPage(LowestRatesAnswer.parse(raw), OPTIONS);
    // Assess
    expect(page.hotels.map((h) => [h.property_id, h.brand === null, h.location === null])).toEqual([
      ['QXLVA', true, false],
      ['QXLVB', false, true],
      ['QXLVC', false, false],
      ['QXLVD', false, false],
    ]);
  });

  it('fails an answer with neither search results nor errors', () => {
    expect(() => LowestRatesAnswer.parse({ data: null })).toThrow();
    expect(() => LowestRatesAnswer.parse({ data: {} })).toThrow();
  });

  it('names the refused operation and what to update when the gateway refuses the signature', () => {
    // Act
    const error = refusal(fixture('not-in-safelist.json'), 400);
    // Assess
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error!.message).toMatch(/phoenixShopLowestAvailableRatesByGeoQuery.*QUERY_NOT_IN_SAFELIST/);
    expect(error!.message).toContain('operations.lowest_rates_by_geo');
    expect(refusal(answer, 200)).toBeUndefined();
  });
});

describe('lowest-rates request', () => {
  const query = {
    latitude: 47.1234,
    longitude: 9.5678,
    checkIn: '2030-06-10',
    checkOut: '2030-06-12',
    adults: 3,
    rooms: 2,
    offset: 20,
    limit: 10,
    sortBy: 'PRICE' as const,
  };

  it('sends the search as the site does: stay, party, rooms, both rate modes, paging and sort', () => {
    // Prepare
    useProviders({
      chain_c: { baseUrl: 'https://chain-c.example', operations: { sort_field_price: 'PRICE_ASC' } },
    });
    // Act
    const v = searchVariables(query);
    // Assess
    expect(v.search.options).toMatchObject({
      startDate: '2030-06-10',
      endDate: '2030-06-12',
      numberInParty: 3,
      quantity: 2,
      includeUnavailableProperties: true,
    });
    expect(v).toMatchObject({
      limit: 10,
      offset: 20,
      sort: { fields: [{ field: 'PRICE_ASC', direction: 'ASC' }] },
    });
    expect(v.modes).toEqual(['LOWEST_AVERAGE_NIGHTLY_RATE', 'POINTS_PER_UNIT']);
  });

  it('posts to the operation path with the configured signature and client name', () => {
    // Prepare
    useProviders({
      chain_c: {
        baseUrl: 'https://chain-c.example',
        hosts: ['www.chain-c.test'],
        operations: { lowest_rates_by_geo: 'f'.repeat(64) },
      },
    });
    // Act
    const req = lowestRatesRequest(query);
    // Assess
    expect(req).toMatchObject({
      method: 'POST',
      path: '/mi/query/phoenixShopLowestAvailableRatesByGeoQuery',
      safe: true,
    });
    expect(req.headers).toMatchObject({
      'apollographql-client-name': 'phoenix_shop',
      'apollographql-client-version': 'v1',
      'graphql-operation-signature': 'f'.repeat(64),
      origin: 'https://www.chain-c.test',
    });
    const body = (req.body as { json: { operationName: string; query: string } }).json;
    expect(body.operationName).toBe('phoenixShopLowestAvailableRatesByGeoQuery');
    expect(body.query).toMatch(/^query phoenixShopLowestAvailableRatesByGeoQuery\(/);
  });
});
