// chain_c's readers of its 2026 answers on fixtures in their real formats (written fresh, invented
// values): the dated geo search, the rooms of one property and the display converter, including
// answers without their optional fields; and the requests they answer.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { currenciesOf, operationRefusal } from '../../shared/providers/chain-c/extract.ts';
import { ConvertAnswer, exchangeRate } from '../../shared/providers/chain-c/converter.ts';
import { DatedSearchAnswer, extractDatedPage } from '../../shared/providers/chain-c/dated-search.ts';
import { extractRooms, ProductsAnswer, unknownProperty } from '../../shared/providers/chain-c/rooms.ts';
import {
  datedSearchRequest,
  productsRequest,
  searchOperation,
} from '../../shared/providers/chain-c/requests.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';
import { perNightFigures, ratePairs } from '../helpers/chain-c-rooms.ts';

const json = (name: string): unknown => fixtureJson('chain-c', name);
const LINKS = { imageBase: 'https://img.chain-c.test', siteBase: 'https://www.chain-c.test' };
const EUR = new Map([['EUR', 1]]);
/** The site's points mode (members, standard, points redemption), in the order its search sends them. */
const POINTS_MODE = [
  { type: 'CLUSTER', value: 'MRW' },
  { type: 'STANDARD', value: '' },
  { type: 'CLUSTER', value: 'P17' },
];
/** A search node's rates as the fixture writes them. */
interface Node {
  rates: (Record<string, unknown> & { rateModes: Record<string, unknown> })[];
}
/** A two-night stay asked in `currency`, converted by `rates`. */
const asked = (rooms: number, currency = 'EUR', rates = EUR) => ({
  ...LINKS,
  currency,
  rates,
  nights: 2,
  rooms,
});

beforeAll(() => {
  useProviders({
    chain_c: {
      baseUrl: 'http://127.0.0.1:9/chain_c',
      hosts: ['www.chain-c.test'],
      operations: { dated_search_by_geo: 'a'.repeat(64), search_products_by_property: 'b'.repeat(64) },
    },
  });
});

describe('the 2026 dated geo search', () => {
  const answer = DatedSearchAnswer.parse(json('dated-search.json'));

  it('reads a night of one room and stay totals for every room from lowestAverageRate, points per stay', () => {
    // Act
    const page = extractDatedPage(answer, asked(2));
    // Assess
    expect([page.total, page.hasMore]).toEqual([9, true]);
    expect(page.hotels[0]).toMatchObject({
      property_id: 'LRVXY',
      bookable: true,
      image: 'https://img.chain-c.test/content/dam/renditions/LRVXY/lrvxy-exterior-4411-hor-wide.jpg',
      price: {
        per_night: 180.5,
        total: 808.64,
        taxes: 69.32,
        fees: 17.32,
        currency: 'EUR',
        points_per_night: 36_000,
      },
    });
  });

  it('gives a NotAvailable rate no price, and reads a property without reviews, caption or points', () => {
    // Act
    const { value: page, drift: seen } = withDrift(() =>
      extractDatedPage(
        DatedSearchAnswer.parse(json('dated-search.json')),
        asked(
          1,
          'EUR',
          new Map([
            ['EUR', 1],
            ['JPY', 0.0062],
          ]),
        ),
      ),
    );
    // Assess
    expect(page.hotels[1]).toMatchObject({ property_id: 'LRVQA', bookable: false, price: null });
    expect(page.hotels[2]).toMatchObject({
      property_id: 'LRVKM',
      rating: null,
      review_count: null,
      description: null,
      // Taxes, fees and points the answer does not show are unknown, never 0.
      price: {
        per_night: 132.68,
        total: 302.51,
        taxes: null,
        fees: null,
        currency: 'EUR',
        points_per_night: null,
      },
    });
    expect(seen.map((d) => d.field)).toEqual(
      expect.arrayContaining([
        'data.search.lowestAvailableRates.searchByGeolocation.edges[].node.property.reviews',
      ]),
    );
  });

  it.each([
    ['taxes and fees', { taxes: 1733, fees: 433 }, 404.32],
    ['taxes only', { taxes: 1733 }, null],
    ['neither', {}, null],
  ])(
    'derives a stay total without totalAmount only from the night, its taxes and its fees (%s shown)',
    (_case, shown, total) => {
      // Prepare: the first property's rate without totalAmount, taxes or fees, then with those `shown`
      const edited = json('dated-search.json') as {
        data: {
          search: {
            lowestAvailableRates: {
              searchByGeolocation: {
                edges: { node: { rates: { rateModes: { lowestAverageRate: Record<string, unknown> } }[] } }[];
              };
            };
          };
        };
      };
      const mode =
        edited.data.search.lowestAvailableRates.searchByGeolocation.edges[0]!.node.rates[0]!.rateModes
          .lowestAverageRate;
      for (const key of ['totalAmount', 'taxes', 'fees']) delete mode[key];
      for (const [key, amount] of Object.entries(shown))
        mode[key] = { amount, currency: 'EUR', decimalPoint: 2 };
      // Act
      const page = extractDatedPage(DatedSearchAnswer.parse(edited), asked(1));
      // Assess
      expect(page.hotels[0]!.price).toMatchObject({ per_night: 180.5, total });
    },
  );

  it('keeps a property without its distance, and prices a rate shown without its status, bookable null', () => {
    // Prepare: the first property loses its distance and its rate its status
    const raw = json('dated-search.json') as {
      data: {
        search: {
          lowestAvailableRates: {
            searchByGeolocation: { edges: { node: { distance?: number; rates: { status?: unknown }[] } }[] };
          };
        };
      };
    };
    const [first] = raw.data.search.lowestAvailableRates.searchByGeolocation.edges;
    delete first!.node.distance;
    delete first!.node.rates[0]!.status;
    // Act
    const page = extractDatedPage(DatedSearchAnswer.parse(raw), asked(2));
    // Assess
    expect(page.hotels[0]).toMatchObject({
      property_id: 'LRVXY',
      distance_meters: null,
      bookable: null,
      price: { per_night: 180.5, total: 808.64, currency: 'EUR' },
    });
    expect(page.hotels[1]).toMatchObject({ property_id: 'LRVQA', bookable: false, price: null });
  });

  it('keeps the property currency, for the handler to refuse, when no rate converts it', () => {
    const page = extractDatedPage(answer, asked(1, 'USD', new Map([['USD', 1]])));
    expect(page.hotels[0]!.price!.currency).toBe('EUR');
  });

  it('names the stale operation and its setting when the gateway refuses it', () => {
    const refused = operationRefusal(
      {
        errors: [
          {
            message: 'Operation signature not found in safelist',
            extensions: { code: 'QUERY_NOT_IN_SAFELIST' },
          },
        ],
      },
      400,
      'phoenixShopDatedSearchByGeoQuery',
      'dated_search_by_geo',
    );
    expect(refused?.message).toMatch(
      /phoenixShopDatedSearchByGeoQuery.*QUERY_NOT_IN_SAFELIST.*operations\.dated_search_by_geo/,
    );
  });

  it('asks as the site does: the shop application, no document, points mode, 50 miles', () => {
    // Act
    const req = datedSearchRequest({
      latitude: 47.13,
      longitude: 9.57,
      checkIn: '2030-06-10',
      checkOut: '2030-06-12',
      adults: 2,
      rooms: 1,
      offset: 0,
      limit: 20,
      sortBy: 'DISTANCE',
    });
    // Assess
    expect(searchOperation()).toBe('phoenixShopDatedSearchByGeoQuery');
    expect(req.headers).toMatchObject({
      'application-name': 'shop',
      'apollographql-client-name': 'phoenix_shop',
      'apollographql-client-version': 'v1',
    });
    expect(req.body).toEqual({
      json: expect.objectContaining({
        operationName: 'phoenixShopDatedSearchByGeoQuery',
        variables: expect.any(Object),
      }),
    });
    expect((req.body as { json: Record<string, unknown> }).json.query).toBeUndefined();
    // Points are asked for by the clusters alone: with the standard rate alone the answer has none.
    expect(req.body).toMatchObject({
      json: { variables: { search: { options: { rateRequestTypes: POINTS_MODE } } } },
    });
  });

  it('reads the cash and the points of a property that answers them in rates of their own', () => {
    // Prepare: a redemption rate with points only, before the standard rate with cash only.
    const raw = json('dated-search.json') as {
      data: { search: { lowestAvailableRates: { searchByGeolocation: { edges: { node: Node }[] } } } };
    };
    const node = raw.data.search.lowestAvailableRates.searchByGeolocation.edges[0]!.node;
    const standard = node.rates[0]!;
    const { pointsPerUnit, ...cashModes } = standard.rateModes;
    node.rates = [
      { ...standard, rateCategory: { code: 'Redemption', value: 'P17' }, rateModes: { pointsPerUnit } },
      { ...standard, rateModes: cashModes },
    ];
    // Act
    const page = extractDatedPage(DatedSearchAnswer.parse(raw), asked(2));
    // Assess
    expect(page.hotels[0]).toMatchObject({
      property_id: 'LRVXY',
      bookable: true,
      price: { per_night: 180.5, total: 808.64, currency: 'EUR', points_per_night: 36_000 },
    });
  });
});

describe('the rooms of one property (searchProductsByProperty)', () => {
  const answer = ProductsAnswer.parse(json('products.json'));
  const at = (rooms: number) => extractRooms(answer, asked(rooms))!;

  it('groups products into room types by name, with bed and view from the name and placeholders skipped', () => {
    // Act
    const stay = at(1);
    // Assess
    expect(stay.currency).toBe('EUR');
    expect(
      stay.room_types.map((r) => [r.name, r.category, r.bed_type, r.view, r.available_rooms, r.rates.length]),
    ).toEqual([
      ['Guest room, 1 King, City view', 'STANDARD', '1 King', 'City view', 4, 3],
      ['Suite, 1 King, Terrace view', 'SUITE', '1 King', 'Terrace view', null, 1],
    ]);
    expect(stay.room_types[1]!.description).toBeNull();
  });

  it('keeps a product without its type: its rate counts, the category from another product or null', () => {
    // Prepare: the first Guest room product and the only Suite product lose their type
    type RawNode = { basicInformation: { type?: string | null } };
    const raw = json('products.json') as {
      data: { commerce: { product: { searchProductsByProperty: { edges: ({ node: RawNode } | null)[] } } } };
    };
    const nodes = raw.data.commerce.product.searchProductsByProperty.edges.flatMap((e) =>
      e ? [e.node] : [],
    );
    delete nodes[0]!.basicInformation.type;
    nodes[3]!.basicInformation.type = null;
    // Act
    const stay = extractRooms(ProductsAnswer.parse(raw), asked(1))!;
    // Assess
    expect(stay.room_types.map((r) => [r.name, r.category, r.rates.map((x) => x.rate_plan_code)])).toEqual([
      ['Guest room, 1 King, City view', 'STANDARD', ['FLEXGR1K', 'MBRGR1K', 'P17GR1K']],
      ['Suite, 1 King, Terrace view', null, ['FLEXSTE1K']],
    ]);
  });

  it('reads cash rates: nightly cash of one room, per night their average, total from the grand total', () => {
    const flex = at(1).room_types[0]!.rates[0]!;
    expect(flex).toMatchObject({
      name: 'Flexible rate',
      rate_plan_code: 'FLEXGR1K',
      is_member_rate: false,
      per_night: 180.5,
      total: 404.32,
      taxes_fees: 43.32,
      points_per_night: null,
      cash_and_points: null,
    });
    expect(flex.nightly_rates).toEqual([
      { date: '2030-06-10', cash: 181.2, points: null, free_night: null },
      { date: '2030-06-11', cash: 179.8, points: null, free_night: null },
    ]);
  });

  it('reads points and cash-and-points per night of one room, points_total for the whole stay', () => {
    const points = at(1).room_types[0]!.rates[2]!;
    expect(points).toMatchObject({
      name: 'Redeem points',
      is_member_rate: true,
      per_night: null,
      total: null,
      taxes_fees: null,
      points_per_night: 36_000,
      points_total: 72_000,
      cash_and_points: { points: 18_000, cash: 72.2 },
    });
  });

  it('reads whether a night is free from its points only: shown as given, else null', () => {
    // Prepare: the points product's first night says it is free, its second night no longer says
    type RawMode = { __typename: string; dailyPoints?: Record<string, unknown>[] | null };
    const raw = json('products.json') as {
      data: {
        commerce: {
          product: { searchProductsByProperty: { edges: { node: { rates: { rateModes: RawMode[] } } }[] } };
        };
      };
    };
    const modes = raw.data.commerce.product.searchProductsByProperty.edges[2]!.node.rates.rateModes;
    const [first, second] = modes.find((m) => m.__typename === 'Points')!.dailyPoints!;
    first!.freeNight = true;
    delete second!.freeNight;
    // Act
    const stay = extractRooms(ProductsAnswer.parse(raw), asked(1))!;
    // Assess: the cash rate's nights, without points, say nothing of it either
    const [cash, , points] = stay.room_types[0]!.rates;
    expect(points!.nightly_rates.map((n) => [n.date, n.free_night])).toEqual([
      ['2030-06-10', true],
      ['2030-06-11', null],
    ]);
    expect(cash!.nightly_rates.map((n) => n.free_night)).toEqual([null, null]);
  });

  it('keeps the rooms rule for two rooms: stay totals doubled, every per-night figure as for one', () => {
    // Prepare: the answer for two rooms, whose grand totals (every room's stay) are twice one room's
    const raw = json('products.json') as {
      data: {
        commerce: { product: { searchProductsByProperty: { edges: (Record<string, unknown> | null)[] } } };
      };
    };
    for (const edge of raw.data.commerce.product.searchProductsByProperty.edges) {
      const total = (edge?.node as { totalPricing?: { rateModes?: { grandTotal?: { amount: number } } } })
        ?.totalPricing?.rateModes?.grandTotal;
      if (total) total.amount *= 2;
    }
    // Act
    const one = at(1);
    const two = extractRooms(ProductsAnswer.parse(raw), asked(2))!;
    // Assess
    const pairs = ratePairs(one, two);
    expect(pairs).toHaveLength(4);
    for (const [a, b] of pairs) {
      expect(perNightFigures(b)).toEqual(perNightFigures(a));
      expect(b.total).toBe(a.total === null ? null : a.total * 2);
      expect(b.taxes_fees).toBe(a.taxes_fees === null ? null : Math.round(a.taxes_fees * 200) / 100);
      expect(b.points_total).toBe(a.points_total === null ? null : a.points_total * 2);
    }
  });

  it('reads a cash product without its average or total pricing: per night from its nights, no total', () => {
    // Prepare: the first product without averageNightlyRatePerUnit and without totalPricing
    const raw = json('products.json') as {
      data: {
        commerce: { product: { searchProductsByProperty: { edges: { node: Record<string, unknown> }[] } } };
      };
    };
    const node = raw.data.commerce.product.searchProductsByProperty.edges[0]!.node as {
      rates: { rateModes: Record<string, unknown>[] };
      totalPricing?: unknown;
    };
    delete node.rates.rateModes[0]!.averageNightlyRatePerUnit;
    delete node.totalPricing;
    // Act
    const { value: stay, drift: seen } = withDrift(() => extractRooms(ProductsAnswer.parse(raw), asked(1))!);
    // Assess
    expect(stay.room_types[0]!.rates[0]).toMatchObject({
      per_night: 180.5,
      total: null,
      taxes_fees: null,
      nightly_rates: [
        { date: '2030-06-10', cash: 181.2, points: null, free_night: null },
        { date: '2030-06-11', cash: 179.8, points: null, free_night: null },
      ],
    });
    expect(seen.filter((d) => d.kind === 'missing').map((d) => d.field)).toEqual(
      expect.arrayContaining([
        'data.commerce.product.searchProductsByProperty.edges[].node.totalPricing',
        'data.commerce.product.searchProductsByProperty.edges[].node.rates.rateModes[].averageNightlyRatePerUnit',
      ]),
    );
  });

  it('reads a product that does not say whether it is for members only as is_member_rate null, never false', () => {
    // Prepare: the first product without isMembersOnly
    const raw = json('products.json') as {
      data: {
        commerce: { product: { searchProductsByProperty: { edges: { node: Record<string, unknown> }[] } } };
      };
    };
    const node = raw.data.commerce.product.searchProductsByProperty.edges[0]!.node as {
      basicInformation: Record<string, unknown>;
    };
    delete node.basicInformation.isMembersOnly;
    // Act
    const rates = extractRooms(ProductsAnswer.parse(raw), asked(1))!.room_types[0]!.rates;
    // Assess
    expect(rates.map((r) => [r.rate_plan_code, r.is_member_rate])).toEqual([
      ['FLEXGR1K', null],
      [expect.any(String), true],
      [expect.any(String), true],
    ]);
  });

  it('tells an unknown property (undefined) from a stay without rooms (empty)', () => {
    const none = ProductsAnswer.parse(json('products-none.json'));
    expect(unknownProperty(ProductsAnswer.parse(json('products-unknown.json')))).toBe(true);
    expect(extractRooms(ProductsAnswer.parse(json('products-unknown.json')), asked(1))).toBeUndefined();
    expect(extractRooms(none, asked(1))).toEqual({
      currency: 'EUR',
      room_types: [],
    });
  });

  it('fails, rather than defaulting, when an amount is present with the wrong type', () => {
    const broken = json('products.json') as {
      data: {
        commerce: {
          product: {
            searchProductsByProperty: {
              edges: { node: { totalPricing: { rateModes: { grandTotal: { amount: unknown } } } } }[];
            };
          };
        };
      };
    };
    broken.data.commerce.product.searchProductsByProperty.edges[0]!.node.totalPricing.rateModes.grandTotal.amount =
      '404.32';
    expect(ProductsAnswer.safeParse(broken).success).toBe(false);
  });

  it('asks on the booking path, for the standard, members and points clusters', () => {
    const req = productsRequest({
      propertyId: 'LRVXY',
      checkIn: '2030-06-10',
      checkOut: '2030-06-12',
      adults: 2,
      rooms: 2,
    });
    expect(req.path).toBe('/mi/query/PhoenixBookDTTSearchProductsByProperty');
    expect(req.headers).toMatchObject({
      'application-name': 'book',
      'apollographql-client-name': 'phoenix_book',
      'apollographql-client-version': '1',
      'graphql-operation-signature': 'b'.repeat(64),
    });
    expect(req.body).toMatchObject({
      json: {
        variables: {
          search: {
            propertyId: 'LRVXY',
            options: { quantity: 2, numberInParty: 2, rateRequestTypes: POINTS_MODE },
          },
        },
      },
    });
  });
});

describe('the rooms operation as configuration', () => {
  const query = { propertyId: 'LRVXY', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1 };
  const configured = (operations: Record<string, string>) =>
    useProviders({
      chain_c: { baseUrl: 'http://127.0.0.1:9/chain_c', hosts: ['www.chain-c.test'], operations },
    });

  it("sends the configured operation, its own signature and application-name (the shop page's variant)", () => {
    // Prepare
    configured({
      search_products_by_property: 'c'.repeat(64),
      products_operation: 'phoenixShopSearchProductsByProperty',
      application_name_book: 'shop',
    });
    // Act
    const req = productsRequest(query);
    // Assess
    expect(req.path).toBe('/mi/query/phoenixShopSearchProductsByProperty');
    expect(req.headers).toMatchObject({
      'application-name': 'shop',
      'graphql-operation-name': 'phoenixShopSearchProductsByProperty',
      'graphql-operation-signature': 'c'.repeat(64),
    });
  });

  it('names the missing setting rather than sending an unsigned request', () => {
    configured({ dated_search_by_geo: 'a'.repeat(64) });
    expect(() => productsRequest(query)).toThrow(/operations\.search_products_by_property is not configured/);
  });
});

describe('the display converter', () => {
  it('reads the rate with its decimal point, and finds every currency an answer is in', () => {
    expect(exchangeRate(ConvertAnswer.parse(json('convert-currency.json')))).toBeCloseTo(1.086957, 6);
    expect([...currenciesOf(json('dated-search.json'))].sort()).toEqual(['EUR', 'JPY']);
  });

  it("reads an unsupported currency only from the converter's error, and an answer with neither rate nor error as a changed format", () => {
    // Prepare: the converter's refusal, as the site answers it
    const refusal = {
      errors: [{ message: 'Unsupported currency XAF', extensions: { code: 'BAD_USER_INPUT' } }],
      data: null,
    };
    // Act, Assess
    expect(
      exchangeRate(conform('chain_c', ConvertAnswer, refusal, 'the currency rate', 200)),
    ).toBeUndefined();
    for (const answer of [{}, { data: null }, { data: {} }, { data: { convertCurrency: null } }])
      expect(() => conform('chain_c', ConvertAnswer, answer, 'the currency rate', 200)).toThrow(
        ExtractionError,
      );
  });
});
