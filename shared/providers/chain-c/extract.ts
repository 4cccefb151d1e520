/**
 * Pure readers of chain_c's answers, by the tolerant rule (shared/upstream/tolerant.ts):
 * - the 2026 search, `data.search.lowestAvailableRates.searchByGeolocation` with `total`, `pageInfo` and
 *   `edges[].node{distance, property, rates[]}`; a rate's `rateModes.lowestAverageRate` is per night of one
 *   room (amount before tax, taxes, fees, `totalAmount` after them), `pointsPerUnit.points` per stay of one
 *   room; money is `{amount, currency, decimalPoint}` in the property's currency;
 * - the older lowest-rates search, `data.searchLowestAvailableRatesByGeolocation`, amounts as integers
 *   with a decimal point position in the property's currency (`origin`) and the visitor's (`locale`);
 * - a property's rooms, `data.commerce.product.searchProductsByProperty.edges[].node`: one product per
 *   room type and rate plan with its rate modes (Cash, Points, CashAndPoints) and total pricing;
 * - the display converter's rate, `data.convertCurrency{exchangeRate, exchangeRateDecimalPoint}`.
 */
import * as z from 'zod';
import { ChainCHotel, ChainCRooms, type ChainCRate, type ChainCRoomType } from '../../schemas/chain-c.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { tolerant } from '../../upstream/tolerant.ts';
import { cents, perRoomNight, pointsPerRoomNight, stayTotal, type Occupancy } from '../rooms-rule.ts';
import { OPERATION } from './requests.ts';

const Money = z.looseObject({
  currency: z.string(),
  value: z.number().int(),
  valueDecimalPoint: z.number().int().min(0).max(6),
});
const Amount = z.looseObject({ origin: Money.nullish(), locale: Money.nullish() });
type Amount = z.infer<typeof Amount>;

const RateAmount = z.looseObject({
  rateMode: z.looseObject({ code: z.string() }),
  points: z.number().nullish(),
  amount: Amount.nullish(),
  totalAmount: Amount.nullish(),
  taxes: Amount.nullish(),
  fees: Amount.nullish(),
});
const Rate = z.looseObject({
  status: z.looseObject({ code: z.string() }).nullish(),
  rateAmounts: z.array(RateAmount).nullish(),
});
type Rate = z.infer<typeof Rate>;

const Property = z.looseObject({
  id: z.string(),
  basicInformation: z.looseObject({
    name: z.string(),
    brand: z.looseObject({ id: z.string(), name: z.string() }),
    latitude: z.number(),
    longitude: z.number(),
    bookable: z.boolean().nullish(),
    descriptions: z
      .array(z.looseObject({ text: z.string().nullish(), type: z.looseObject({ code: z.string() }) }))
      .nullish(),
  }),
  reviews: z
    .looseObject({
      stars: z.looseObject({ count: z.number() }).nullish(),
      numberOfReviews: z.looseObject({ count: z.number().int() }).nullish(),
    })
    .nullish(),
  media: z.looseObject({
    primaryImage: z.looseObject({
      edges: z.array(
        z.looseObject({
          node: z.looseObject({ imageUrls: z.looseObject({ wideHorizontal: z.string() }) }),
        }),
      ),
    }),
  }),
  seoNickname: z.string(),
});
type Property = z.infer<typeof Property>;

const Node = z.looseObject({
  distance: z.number(),
  property: Property,
  // One rate object per property in the answers on record; a list in the monitor that read them.
  rates: z.union([z.array(Rate), Rate]).nullish(),
});

const GraphQLError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

/**
 * The older search, read by the tolerant rule: a placeholder edge, or a property without what the
 * contract cannot do without (id, name, brand, coordinates, image, page), is skipped and counted. An answer
 * has its search results, or it is a refusal (errors).
 */
export const LowestRatesAnswer = tolerant(
  'chain_c',
  z.union([
    z.looseObject({
      data: z.looseObject({
        searchLowestAvailableRatesByGeolocation: z.looseObject({
          total: z.number().int(),
          pageInfo: z.looseObject({ hasNextPage: z.boolean() }),
          edges: z.array(z.looseObject({ node: Node })),
        }),
      }),
      errors: z.array(GraphQLError).optional(),
    }),
    z.looseObject({
      data: z.looseObject({ searchLowestAvailableRatesByGeolocation: z.null().optional() }).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]),
  'the lowest-rates answer',
);
export type LowestRatesAnswer = z.infer<typeof LowestRatesAnswer>;

/**
 * The gateway's refusal of the operation (a stale signature, a query not on its safelist), as an upstream
 * error that names what to update; nothing when the answer carries no `errors`.
 * @example refusal({ errors: [{ message: 'not in safelist', extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }] }, 400)?.message
 */
export function refusal(answer: LowestRatesAnswer, status: number): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error) return undefined;
  const code = error.extensions?.code ? ` (${error.extensions.code})` : '';
  return new UpstreamError(
    'chain_c',
    `the ${OPERATION} operation was refused${code}: ${error.message}; ` +
      'check its signature and query document (operations.lowest_rates_by_geo, lowest_rates_by_geo_query)',
    status,
  );
}

export interface ExtractOptions {
  /** The currency asked for: the amounts in it are read, whichever side (`locale`, `origin`) has them. */
  currency: string;
  /** Where relative image paths resolve. */
  imageBase: string;
  /** The public site, for hotel page links. */
  siteBase: string;
}

export interface ChainCPage {
  total: number;
  hasMore: boolean;
  hotels: ChainCHotel[];
}

const decimal = (m: z.infer<typeof Money>) => Number((m.value / 10 ** m.valueDecimalPoint).toFixed(6));

/** The site gives image paths relative to its image host; the base may carry a path of its own. */
function imageUrl(path: string, base: string): string {
  if (!path || /^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The side of the amounts priced in the currency asked for; else the one shown to visitors. */
function side(amount: Amount, currency: string): 'locale' | 'origin' {
  if (amount.locale?.currency === currency) return 'locale';
  if (amount.origin?.currency === currency) return 'origin';
  return amount.locale ? 'locale' : 'origin';
}

/** The cash and points price of a rate, or null when the rate has no cash price. */
function price(rate: Rate | undefined, currency: string): ChainCHotel['price'] {
  const amounts = rate?.rateAmounts ?? [];
  const cash = amounts.find((a) => a.rateMode.code === 'LOWEST_AVERAGE_NIGHTLY_RATE');
  const points = amounts.find((a) => a.rateMode.code === 'POINTS_PER_UNIT');
  if (!cash?.amount || !cash.totalAmount) return null;
  const from = side(cash.amount, currency);
  const pick = (a: Amount | null | undefined) => a?.[from] ?? undefined;
  const nightly = pick(cash.amount);
  const total = pick(cash.totalAmount);
  if (!nightly || !total) return null;
  const taxes = pick(cash.taxes);
  const fees = pick(cash.fees);
  return {
    per_night: decimal(nightly),
    total: decimal(total),
    // Absent taxes, fees or points are unknown, never 0 (the identity rule): null.
    taxes: taxes ? decimal(taxes) : null,
    fees: fees ? decimal(fees) : null,
    currency: nightly.currency,
    points_per_night:
      points?.points === undefined || points.points === null ? null : Math.round(points.points),
  };
}

/** A property in the contract's terms, with its price (null when it cannot be booked for the stay). */
function toHotel(distance: number, p: Property, cash: ChainCHotel['price'], o: ExtractOptions): ChainCHotel {
  const info = p.basicInformation;
  const caption = info.descriptions?.find((d) => d.type.code === 'HOTEL_MARKETING_CAPTION');
  const image = p.media.primaryImage.edges[0]?.node.imageUrls.wideHorizontal ?? '';
  return conform(
    'chain_c',
    ChainCHotel,
    {
      property_id: p.id,
      name: info.name,
      brand: { id: info.brand.id, name: info.brand.name },
      location: { latitude: info.latitude, longitude: info.longitude },
      description: caption?.text ?? null,
      // A property whose reviews the answer does not show has no score here: null, never 0 stars.
      rating: p.reviews?.stars?.count ?? null,
      review_count: p.reviews?.numberOfReviews?.count ?? null,
      image: imageUrl(image, o.imageBase),
      url: `${o.siteBase}/hotels/travel/${encodeURIComponent(p.seoNickname)}/`,
      bookable: cash !== null,
      price: cash,
      distance_meters: distance,
    },
    'a hotel',
  );
}

/**
 * One page of hotels in the contract's terms, with `total` (every match) and whether a page follows. A
 * property is bookable when the site says so and its rate is available with a cash price; any other has
 * `price: null`, never zeros.
 * @example extractPage(answer, { currency: 'EUR', imageBase: 'https://img.test', siteBase: 'https://www.chain-c.test' }).hotels[0].property_id // 'PARXY'
 */
export function extractPage(answer: LowestRatesAnswer, o: ExtractOptions): ChainCPage {
  const search = answer.data?.searchLowestAvailableRatesByGeolocation;
  if (!search) throw new ExtractionError('chain_c', 'the lowest-rates answer has no search results');
  const hotels = search.edges.map(({ node }) => {
    const rate = Array.isArray(node.rates) ? node.rates[0] : (node.rates ?? undefined);
    const available = node.property.basicInformation.bookable !== false && rate?.status?.code === 'AVAILABLE';
    return toHotel(node.distance, node.property, available ? price(rate, o.currency) : null, o);
  });
  return { total: search.total, hasMore: search.pageInfo.hasNextPage, hotels };
}

// ——— The 2026 operations: money as `{amount, currency, decimalPoint}` ———

const MonetaryAmount = z.looseObject({
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  decimalPoint: z.number().int().min(0).max(6),
});
type MonetaryAmount = z.infer<typeof MonetaryAmount>;

/** Rates into the currency asked for, by source currency (1 for the asked one itself). */
export type Rates = ReadonlyMap<string, number>;

/** A money amount in the currency asked for, or undefined when no rate converts it. */
function convert(m: MonetaryAmount, rates: Rates): number | undefined {
  const rate = rates.get(m.currency.toUpperCase());
  return rate === undefined ? undefined : (m.amount / 10 ** m.decimalPoint) * rate;
}

const DatedRate = z.looseObject({
  status: z.looseObject({ code: z.string() }).nullish(),
  lengthOfStay: z.number().int().min(1).nullish(),
  rateModes: z
    .looseObject({
      lowestAverageRate: z
        .looseObject({
          amount: MonetaryAmount,
          taxes: MonetaryAmount.nullish(),
          fees: MonetaryAmount.nullish(),
          totalAmount: MonetaryAmount.nullish(),
        })
        .nullish(),
      pointsPerUnit: z.looseObject({ points: z.number().int().min(0) }).nullish(),
    })
    .nullish(),
});
type DatedRate = z.infer<typeof DatedRate>;

export const DatedSearchAnswer = tolerant(
  'chain_c',
  // The search results are what the route answers from: an answer has them, or it is a refusal (errors).
  z.union([
    z.looseObject({
      data: z.looseObject({
        search: z.looseObject({
          lowestAvailableRates: z.looseObject({
            searchByGeolocation: z.looseObject({
              total: z.number().int(),
              pageInfo: z.looseObject({ hasNextPage: z.boolean() }),
              edges: z.array(
                z.looseObject({
                  node: z.looseObject({
                    distance: z.number(),
                    property: Property,
                    rates: z.array(DatedRate).nullish(),
                  }),
                }),
              ),
            }),
          }),
        }),
      }),
      errors: z.array(GraphQLError).optional(),
    }),
    z.looseObject({
      data: z.looseObject({ search: z.null().optional() }).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]),
  'the search answer',
);
export type DatedSearchAnswer = z.infer<typeof DatedSearchAnswer>;

/** Every currency the money of a value is in (to know which rates to ask for). */
export function currenciesOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) currenciesOf(v, found);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.currency === 'string' && typeof o.amount === 'number' && typeof o.decimalPoint === 'number')
      found.add(o.currency.toUpperCase());
    else for (const v of Object.values(o)) currenciesOf(v, found);
  }
  return found;
}

export interface DatedOptions extends ExtractOptions, Occupancy {
  rates: Rates;
}

/**
 * A 2026 rate's price for the stay in the contract's terms: per night of one room before tax; taxes, fees
 * and the total for every room over every night (absent taxes or fees are none charged, as the site shows
 * them); points per night from the stay's points of one room. In the property's currency when no rate
 * converts it (the handler refuses that as INVALID_CURRENCY).
 */
function datedPrice(rate: DatedRate | undefined, o: DatedOptions): ChainCHotel['price'] {
  const mode = rate?.rateModes?.lowestAverageRate;
  if (!mode) return null;
  const converts = convert(mode.amount, o.rates) !== undefined;
  const value = (m: MonetaryAmount | null | undefined) =>
    m ? (converts ? convert(m, o.rates)! : m.amount / 10 ** m.decimalPoint) : 0;
  const perNight = value(mode.amount);
  const taxes = value(mode.taxes);
  const fees = value(mode.fees);
  const afterTax = mode.totalAmount ? value(mode.totalAmount) : perNight + taxes + fees;
  const stayPoints = rate.rateModes?.pointsPerUnit?.points;
  return {
    per_night: cents(perNight),
    total: stayTotal(afterTax, o),
    taxes: stayTotal(taxes, o),
    fees: stayTotal(fees, o),
    currency: converts ? o.currency : mode.amount.currency.toUpperCase(),
    // Per stay of one room; a property without award nights has none: 0, the contract's integer having no null.
    points_per_night:
      stayPoints === undefined ? 0 : pointsPerRoomNight(stayPoints, { nights: o.nights, rooms: 1 }),
  };
}

/** The 2026 statuses of a rate that can be sold (`AvailableForSale`; the older `AVAILABLE`). */
const FOR_SALE = /^(AvailableForSale|AVAILABLE)$/i;

/**
 * One page of the 2026 search in the contract's terms, like `extractPage`.
 * @example extractDatedPage(answer, { currency: 'EUR', rates: new Map([['EUR', 1]]), nights: 2, rooms: 1, imageBase, siteBase }).hotels[0].price.per_night // 180.5
 */
export function extractDatedPage(answer: DatedSearchAnswer, o: DatedOptions): ChainCPage {
  const search = answer.data?.search?.lowestAvailableRates?.searchByGeolocation;
  if (!search) throw new ExtractionError('chain_c', 'the search answer has no search results');
  const hotels = search.edges.map(({ node }) => {
    const rate = node.rates?.[0];
    const available =
      node.property.basicInformation.bookable !== false && FOR_SALE.test(rate?.status?.code ?? '');
    return toHotel(node.distance, node.property, available ? datedPrice(rate, o) : null, o);
  });
  return { total: search.total, hasMore: search.pageInfo.hasNextPage, hotels };
}

/**
 * The gateway's refusal of a 2026 operation, naming what to update; nothing when the answer has no errors.
 * @example operationRefusal({ errors: [{ message: 'not in safelist', extensions: { code: 'QUERY_NOT_IN_SAFELIST' } }] }, 400, 'phoenixShopDatedSearchByGeoQuery', 'dated_search_by_geo')?.message
 */
export function operationRefusal(
  answer: { errors?: z.infer<typeof GraphQLError>[] | undefined },
  status: number,
  operation: string,
  setting: string,
): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error) return undefined;
  const code = error.extensions?.code ? ` (${error.extensions.code})` : '';
  return new UpstreamError(
    'chain_c',
    `the ${operation} operation was refused${code}: ${error.message}; check its signature (operations.${setting})`,
    status,
  );
}

// ——— The display converter ———

const ConverterRate = z.looseObject({
  exchangeRate: z.number().positive(),
  // A fixed-point rate is read with its decimal point, or not at all: without it, a rate of
  // 1.086957 would read as 1086957.
  exchangeRateDecimalPoint: z.number().int().min(0).max(12),
});

// A rate, or the converter's own error (an unsupported currency): an answer with neither is a changed
// format, never "converts nothing".
export const ConvertAnswer = tolerant(
  'chain_c',
  z.union([
    z.looseObject({
      data: z.looseObject({ convertCurrency: ConverterRate }),
      errors: z.array(GraphQLError).optional(),
    }),
    z.looseObject({
      data: z.looseObject({ convertCurrency: ConverterRate.nullish() }).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]),
  'the currency rate',
);
export type ConvertAnswer = z.infer<typeof ConvertAnswer>;

/**
 * The rate of a converter answer, or undefined when it converts nothing (an unsupported currency: the
 * converter's error, which the schema requires where there is no rate).
 * @example exchangeRate({ data: { convertCurrency: { exchangeRate: 1086957, exchangeRateDecimalPoint: 6 } } }) // 1.086957
 */
export function exchangeRate(answer: ConvertAnswer): number | undefined {
  const r = answer.data?.convertCurrency;
  return r ? r.exchangeRate / 10 ** r.exchangeRateDecimalPoint : undefined;
}

// ——— The rooms of one property (`searchProductsByProperty`) ———

const RateMode = z.looseObject({
  __typename: z.string(),
  averageNightlyRatePerUnit: z.looseObject({ amount: MonetaryAmount }).nullish(),
  dailyRates: z.array(z.looseObject({ date: z.iso.date(), amount: MonetaryAmount })).nullish(),
  pointsPerUnit: z.looseObject({ points: z.number().int().min(0) }).nullish(),
  dailyPoints: z
    .array(
      z.looseObject({
        date: z.iso.date(),
        points: z.number().int().min(0),
        freeNight: z.boolean().nullish(),
      }),
    )
    .nullish(),
  cashPerUnit: MonetaryAmount.nullish(),
});
type RateMode = z.infer<typeof RateMode>;

const Product = z.looseObject({
  id: z.string().nullish(),
  basicInformation: z.looseObject({
    type: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    isMembersOnly: z.boolean().nullish(),
    ratePlan: z.array(z.looseObject({ ratePlanCode: z.string() })).nullish(),
    roomsAvailable: z.number().int().min(0).nullish(),
  }),
  rates: z.looseObject({ name: z.string().nullish(), rateModes: z.array(RateMode).nullish() }).nullish(),
  totalPricing: z
    .looseObject({
      rateModes: z
        .looseObject({
          subtotalPerQuantity: MonetaryAmount.nullish(),
          grandTotal: MonetaryAmount.nullish(),
          totalMandatoryFeesPerQuantity: MonetaryAmount.nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
type Product = z.infer<typeof Product>;

export const ProductsAnswer = tolerant(
  'chain_c',
  // The products are what the route answers from: an answer has them, or it is a refusal (errors).
  z.union([
    z.looseObject({
      data: z.looseObject({
        commerce: z.looseObject({
          product: z.looseObject({
            searchProductsByProperty: z.looseObject({ edges: z.array(z.looseObject({ node: Product })) }),
          }),
        }),
      }),
      errors: z.array(GraphQLError).optional(),
    }),
    z.looseObject({
      data: z.looseObject({ commerce: z.null().optional() }).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]),
  'the rooms answer',
);
export type ProductsAnswer = z.infer<typeof ProductsAnswer>;

/** What an error says of a property chain_c does not know (its code or its message). */
export const UNKNOWN_PROPERTY =
  /INVALID_PROPERTY|PROPERTY_NOT_FOUND|property .*(not valid|not found|unknown)/i;

/**
 * Whether a rooms answer says the property does not exist (every error names the property id).
 * @example unknownProperty({ errors: [{ message: 'Property ZZZZZ is not valid', extensions: { code: 'INVALID_PROPERTY' } }] }) // true
 */
export function unknownProperty(answer: ProductsAnswer): boolean {
  const errors = answer.errors ?? [];
  return (
    errors.length > 0 &&
    errors.every((e) => UNKNOWN_PROPERTY.test(e.extensions?.code ?? '') || UNKNOWN_PROPERTY.test(e.message))
  );
}

/** A room name's parts: "Guest room, 1 King, City view" → bed "1 King", view "City view". */
function nameParts(name: string): { bed: string | null; view: string | null } {
  const parts = name.split(',').map((p) => p.trim());
  return {
    bed: parts.find((p) => /\b(king|queen|double|twin|single|sofa|bunk)\b/i.test(p)) ?? null,
    view: parts.find((p) => /\bview\b/i.test(p)) ?? null,
  };
}

const modeOf = (p: Product, name: string): RateMode | undefined =>
  (p.rates?.rateModes ?? []).find((m) => m.__typename.toLowerCase() === name);

/**
 * One product's rate in the contract's terms (rooms rule: per night of one room, totals for every room):
 * cash nightly rates from the daily rates, the stay total after taxes from the grand total, taxes and fees
 * what the total adds to the nights; points per night from the stay's points of one room.
 */
function toRate(p: Product, o: DatedOptions): ChainCRate {
  const money = (m: MonetaryAmount | null | undefined) => {
    const v = m ? convert(m, o.rates) : undefined;
    return v === undefined ? null : cents(v);
  };
  const cash = modeOf(p, 'cash');
  const points = modeOf(p, 'points');
  const mixed = modeOf(p, 'cashandpoints');
  const nights = new Map<
    string,
    { date: string; cash: number | null; points: number | null; free_night: boolean }
  >();
  const night = (date: string) => {
    let n = nights.get(date);
    if (!n) nights.set(date, (n = { date, cash: null, points: null, free_night: false }));
    return n;
  };
  for (const d of cash?.dailyRates ?? []) night(d.date).cash = money(d.amount);
  for (const d of points?.dailyPoints ?? [])
    Object.assign(night(d.date), { points: d.points, free_night: d.freeNight ?? false });
  const nightly = [...nights.values()].sort((a, b) => a.date.localeCompare(b.date));
  const cashNights = nightly.map((n) => n.cash);
  const base =
    cashNights.length && cashNights.every((c) => c !== null)
      ? cents(cashNights.reduce((a, c) => a + c!, 0))
      : null;
  const average =
    money(cash?.averageNightlyRatePerUnit?.amount) ??
    (base === null ? null : perRoomNight(base, { nights: o.nights, rooms: 1 }));
  const total = money(p.totalPricing?.rateModes?.grandTotal);
  const stayPoints = points?.pointsPerUnit?.points;
  const perNightPoints =
    stayPoints === undefined ? null : pointsPerRoomNight(stayPoints, { nights: o.nights, rooms: 1 });
  const mixedPoints = mixed?.pointsPerUnit?.points;
  const mixedCash = money(mixed?.cashPerUnit);
  const info = p.basicInformation;
  return {
    name: p.rates?.name?.trim() || info.ratePlan?.[0]?.ratePlanCode || info.name,
    rate_plan_code: info.ratePlan?.[0]?.ratePlanCode ?? p.id ?? info.name,
    is_member_rate: info.isMembersOnly ?? false,
    per_night: cash ? average : null,
    total,
    taxes_fees:
      total !== null && base !== null ? cents(total - stayTotal(base, { nights: 1, rooms: o.rooms })) : null,
    points_per_night: perNightPoints,
    points_total: perNightPoints === null ? null : stayTotal(perNightPoints, o),
    cash_and_points:
      mixedPoints !== undefined && mixedCash !== null
        ? {
            points: pointsPerRoomNight(mixedPoints, { nights: o.nights, rooms: 1 }),
            cash: perRoomNight(mixedCash, { nights: o.nights, rooms: 1 }),
          }
        : null,
    nightly_rates: nightly,
  };
}

/**
 * The property's room types for the stay, or undefined when chain_c says the property does not exist:
 * products grouped by room name in the source's order, each product one rate. The currency is the one
 * asked for when every amount converts, else the property's (the handler refuses that).
 * @example extractRooms(answer, { currency: 'EUR', rates: new Map([['EUR', 1]]), nights: 2, rooms: 1, imageBase: '', siteBase: '' })?.room_types[0].name // 'Guest room, 1 King, City view'
 */
export function extractRooms(answer: ProductsAnswer, o: DatedOptions): ChainCRooms | undefined {
  if (unknownProperty(answer)) return undefined;
  const found = answer.data?.commerce?.product?.searchProductsByProperty;
  if (!found) throw new ExtractionError('chain_c', 'the rooms answer has no products');
  const currencies = currenciesOf(found.edges);
  const converts = [...currencies].every((c) => o.rates.has(c));
  const rooms = new Map<string, ChainCRoomType>();
  for (const { node } of found.edges) {
    const info = node.basicInformation;
    let room = rooms.get(info.name);
    if (!room) {
      const { bed, view } = nameParts(info.name);
      room = {
        name: info.name,
        description: info.description?.trim() || null,
        bed_type: bed,
        view,
        category: info.type,
        available_rooms: null,
        rates: [],
      };
      rooms.set(info.name, room);
    }
    room.description ??= info.description?.trim() || null;
    if (info.roomsAvailable !== null && info.roomsAvailable !== undefined)
      room.available_rooms = Math.max(room.available_rooms ?? 0, info.roomsAvailable);
    room.rates.push(toRate(node, o));
  }
  const currency = converts || currencies.size === 0 ? o.currency : [...currencies][0]!;
  return conform('chain_c', ChainCRooms, { currency, room_types: [...rooms.values()] }, 'the rooms');
}
