/**
 * chain_c: the site's GraphQL gateway, one checked POST per operation. Search is the 2026 priced geo
 * search (or the older lowest-rates one, as configured); rooms are the booking path's products of one
 * property. The 2026 answers are in the property's currency: amounts in another are converted with the
 * site's own display rate, one converter call per currency (cached). The site sits behind the CDN's bot
 * manager, which refuses plain clients (its 403, answered as 503): live, it needs a browser-grade proxy (live
 * profile). A stale operation signature is a 502 that names it.
 */
import type { ChainCHotel, ChainCRooms } from '../../schemas/chain-c.ts';
import type { ChainCPropertyDetails, ChainCRoomTypeInfo } from '../../schemas/chain-c-property.ts';
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { originUrl, providerConfig, siteOrigin } from '../../upstream/providers.ts';
import { recordMissing } from '../../extraction/tolerant.ts';
import {
  currenciesOf,
  operationRefusal,
  type ChainCPage,
  type ExtractOptions,
  type Rates,
} from './extract.ts';
import { ConvertAnswer, exchangeRate } from './converter.ts';
import { DatedSearchAnswer, extractDatedPage } from './dated-search.ts';
import { extractPage, LowestRatesAnswer, refusal } from './lowest-rates.ts';
import {
  convertRequest,
  CONVERT,
  headerRequest,
  roomCardsRequest,
  DATED_SEARCH,
  datedSearchRequest,
  lowestRatesRequest,
  OPERATION,
  PRODUCTS,
  productsRequest,
  searchOperation,
  type LowestRatesQuery,
  type ProductsQuery,
} from './requests.ts';
import { extractProperty, HeaderAnswer, headerProperty, RoomCardsAnswer, roomTypesOf } from './property.ts';
import { extractRooms, ProductsAnswer, unknownProperty } from './rooms.ts';
import { nights } from '../../schemas/params.ts';

export interface ChainCQuery extends LowestRatesQuery {
  currency: string;
}

/** Priced properties cheapest first, then those without a price, each group in the source's order. */
function cheapestFirst(hotels: ChainCHotel[]): ChainCHotel[] {
  const price = (h: ChainCHotel) => h.price?.per_night ?? Number.POSITIVE_INFINITY;
  return [...hotels].sort((a, b) => (price(a) === price(b) ? 0 : price(a) < price(b) ? -1 : 1));
}

/** Where images and hotel pages live. */
function links(currency: string): ExtractOptions {
  const config = providerConfig('chain_c');
  return {
    currency,
    imageBase: originUrl(config, 'images'),
    siteBase: siteOrigin('chain_c'),
  };
}

const nightsOf = (q: { checkIn: string; checkOut: string }) => nights(q.checkIn, q.checkOut);

/**
 * Rates into `currency` for every currency of an answer's money: 1 for `currency` itself, the site's
 * display rate for the others; a currency the converter refuses has none.
 */
async function ratesFor(ctx: UpstreamContext, answer: unknown, currency: string): Promise<Rates> {
  const others = [...currenciesOf(answer)].filter((c) => c !== currency);
  const found = await Promise.all(
    others.map(async (from): Promise<[string, number | undefined]> => {
      const res = await fetchParsed(convertRequest(from, currency), ConvertAnswer, ctx, 'the currency rate');
      const rate = exchangeRate(res.body);
      // A refused operation (a stale signature) is the gateway's 400; an unsupported currency, its 200 error.
      const refused =
        res.status >= 400 && operationRefusal(res.body, res.status, CONVERT, 'convert_currency');
      if (refused) throw refused;
      return [from, rate];
    }),
  );
  return new Map([[currency, 1], ...found.filter((f): f is [string, number] => f[1] !== undefined)]);
}

/** One page of the 2026 search. */
async function datedSearch(ctx: UpstreamContext, q: ChainCQuery): Promise<ChainCPage> {
  const res = await fetchParsed(datedSearchRequest(q), DatedSearchAnswer, ctx, 'the search answer');
  const refused = operationRefusal(res.body, res.status, DATED_SEARCH, 'dated_search_by_geo');
  if (refused) throw refused;
  const rates = await ratesFor(ctx, res.body.data, q.currency);
  return extractDatedPage(res.body, { ...links(q.currency), rates, nights: nightsOf(q), rooms: q.rooms });
}

/** One page of the older lowest-rates search. */
async function lowestRates(ctx: UpstreamContext, q: ChainCQuery): Promise<ChainCPage> {
  const res = await fetchParsed(lowestRatesRequest(q), LowestRatesAnswer, ctx, 'the lowest-rates answer');
  const refused = refusal(res.body, res.status);
  if (refused) throw refused;
  return extractPage(res.body, { ...links(q.currency), rooms: q.rooms });
}

/**
 * One page of chain_c properties near the coordinates, with `total` counting every match and `hasMore`
 * from the source's page info. A property that cannot be booked for the stay has `price: null`; with
 * sortBy PRICE those come after every priced one.
 * @example await chainC.search(ctx, { latitude: 48.8566, longitude: 2.3522, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1, currency: 'EUR', offset: 0, limit: 20, sortBy: 'DISTANCE' }) // { total: 9, hasMore: false, hotels: [...] }
 */
async function search(ctx: UpstreamContext, q: ChainCQuery): Promise<ChainCPage> {
  const page = searchOperation() === OPERATION ? await lowestRates(ctx, q) : await datedSearch(ctx, q);
  // The source sorts the whole list; the page keeps that promise even if its unpriced rows were mixed in.
  return q.sortBy === 'PRICE' ? { ...page, hotels: cheapestFirst(page.hotels) } : page;
}

/**
 * The property's room types and rates for the stay in `currency`, or undefined when chain_c does not
 * know the property. No room for the exact dates and occupancy is an empty list.
 * @example await chainC.rooms(ctx, { propertyId: 'PARXY', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1 }, 'EUR') // { currency: 'EUR', room_types: [...] }
 */
async function rooms(
  ctx: UpstreamContext,
  q: ProductsQuery,
  currency: string,
): Promise<ChainCRooms | undefined> {
  const res = await fetchParsed(productsRequest(q), ProductsAnswer, ctx, 'the rooms answer');
  if (unknownProperty(res.body)) return undefined;
  const refused = operationRefusal(res.body, res.status, PRODUCTS, 'search_products_by_property');
  if (refused) throw refused;
  const rates = await ratesFor(ctx, res.body.data, currency);
  return extractRooms(res.body, { ...links(currency), rates, nights: nightsOf(q), rooms: q.rooms });
}

/**
 * The room catalogue, or [] when it cannot be read: the source refuses it on its main site (403) and
 * answers it on brand hosts only, so a refusal, a failure or a changed answer says nothing about the
 * rooms (counted as drift, never a failed route).
 */
async function catalogue(ctx: UpstreamContext, propertyId: string): Promise<ChainCRoomTypeInfo[]> {
  try {
    const res = await fetchParsed(roomCardsRequest(propertyId), RoomCardsAnswer, ctx, 'the room catalogue');
    return roomTypesOf(res.body);
  } catch {
    recordMissing('chain_c', 'data.property.roomTypes', 'the room catalogue');
    return [];
  }
}

/**
 * The property's header and room catalogue, or undefined when chain_c does not know the property. Both
 * are asked at once; the catalogue is [] when it could not be read.
 * @example await chainC.details(ctx, 'PARXY') // { name: 'Meridian Crown Paris', brand: { code: 'MC' }, …, room_types: [...] }
 */
async function details(ctx: UpstreamContext, propertyId: string): Promise<ChainCPropertyDetails | undefined> {
  const [header, roomTypes] = await Promise.all([
    fetchParsed(headerRequest(propertyId), HeaderAnswer, ctx, 'the property header'),
    catalogue(ctx, propertyId),
  ]);
  const property = headerProperty(header.body, header.status);
  return property && extractProperty(property, roomTypes, { propertyId, imageBase: links('').imageBase });
}

/** chain_c, as the handlers use it. */
export const chainC = { search, rooms, details };
