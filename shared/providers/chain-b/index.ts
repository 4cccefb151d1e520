/**
 * chain_b: hotels around a point from the site's hosted search index, then each hotel's offers from its
 * back end (`HotelPageHot`), a few at a time within the invocation's deadline. The site's own results
 * list operation is not on record, so this is the per-hotel fan-out its hotel pages make. Slugs resolve
 * to a centre through the embedded gazetteer (places.ts). A hotel's content (`HotelPageCold`, one
 * cached answer) serves details, amenities, reviews, photos and rooms (with the stay's offers); its
 * price calendar is one offers call per check-in date, since the source has no calendar operation.
 */
import {
  ChainBPlace,
  type ChainBAmenityCategory,
  type ChainBBrand,
  type ChainBHotel,
  type ChainBHotelDetails,
  type ChainBPhoto,
  type ChainBRating,
  type ChainBReview,
  type ChainBRooms,
} from '../../schemas/chain-b.ts';
import { addDays } from '../../dates.ts';
import { fetchParsed } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { Deadline } from '../../upstream/deadline.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing } from '../../extraction/tolerant.ts';
import { ProblemError } from '../../errors.ts';
import { providerConfig, siteOrigin } from '../../upstream/providers.ts';
import {
  brandOf,
  ContentAnswer,
  hotelOf,
  toAmenities,
  toDetails,
  toReviews,
  type HotelContent,
} from './content.ts';
import { toPhotos, type PhotoFilter } from './photos.ts';
import { bestOffer, calendarDay, isAvailable, offersRefusal, OffersAnswer, toRooms } from './offers.ts';
import { placeBySlug, type Centre } from './places.ts';
import {
  hotelContentRequest,
  hotelOffersRequest,
  indexName,
  indexObjectRequest,
  indexQueryRequest,
  type Stay,
} from './requests.ts';
import { candidates, IndexAnswer, IndexRecord, toHotel, type Candidate } from './search-index.ts';
import { nights } from '../../schemas/params.ts';

/** Offers asked for at once per search: the source's pages make a handful of calls at a time too. */
const FAN_OUT = 8;

export interface ChainBQuery extends Stay {
  latitude?: number;
  longitude?: number;
  destinationSlug?: string;
  radiusKm: number;
  limit: number;
  offset: number;
}

export interface ChainBResult {
  place: ChainBPlace;
  hotels: ChainBHotel[];
}

/** The hotels of the index around the centre, nearest first. */
async function around(ctx: UpstreamContext, centre: Centre, radiusMeters: number, count: number) {
  const res = await fetchParsed(
    indexQueryRequest(centre, radiusMeters, count),
    IndexAnswer,
    ctx,
    'the search index answer',
  );
  const { hits, message } = res.body;
  if (hits) return candidates(hits, centre, radiusMeters);
  if (message === undefined)
    throw new ExtractionError('chain_b', 'the search index answer has no hits', undefined, res.status);
  throw new UpstreamError(
    'chain_b',
    `the search index ${indexName()} answered "${message}" (check operations.search_index and the index key headers)`,
    res.status,
  );
}

/**
 * Maps `items` through `work`, at most `width` at a time, in order; the first failure stops the rest, and
 * so does `more()` turning false (an item not started then has no result).
 */
async function pooled<T, R>(
  items: T[],
  width: number,
  work: (item: T) => Promise<R>,
  more: () => boolean = () => true,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed && more()) {
      const i = next++;
      try {
        out[i] = await work(items[i]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return out;
}

async function priced(ctx: UpstreamContext, candidate: Candidate, stay: Stay): Promise<ChainBHotel> {
  const id = candidate.hit.objectID;
  const res = await fetchParsed(hotelOffersRequest(id, stay), OffersAnswer, ctx, `the offers of hotel ${id}`);
  const refused = offersRefusal(res.body, id, res.status);
  if (refused) throw refused;
  return toHotel(candidate, isAvailable(res.body), bestOffer(res.body, nightsOf(stay)));
}

/** A source's failure (refused, unreadable, unavailable, late), as opposed to a fault of ours. */
const isSourceFailure = (error: unknown) => error instanceof ProblemError || error instanceof ExtractionError;

/**
 * The page's hotels with their offers, at most FAN_OUT calls at once. One hotel's offers that cannot be
 * read never fail the list (wave 3: only identity drops an entry): that hotel is kept with availability and
 * best offer null, counted as missing, its answer dropped from the cache and the search not kept (so the
 * next request asks again). Only when every hotel's offers fail is the search the first one's failure.
 */
async function pricedPage(ctx: UpstreamContext, page: Candidate[], stay: Stay): Promise<ChainBHotel[]> {
  const failures: unknown[] = new Array(page.length);
  const hotels = await pooled(page, FAN_OUT, async (candidate) => {
    const own: UpstreamContext = { ...ctx, served: [] };
    try {
      return await priced(own, candidate, stay);
    } catch (error) {
      if (!isSourceFailure(error)) throw error;
      failures[page.indexOf(candidate)] = error;
      for (const read of own.served) read.evict?.();
      own.served.push({ hit: false, ageSeconds: 0, kind: 'none' });
      return toHotel(candidate, null, null);
    } finally {
      ctx.served.push(...own.served);
    }
  });
  const failed = failures.filter((f) => f !== undefined);
  if (failed.length > 0 && failed.length === page.length) throw failed[0];
  // Drift is an answer that could not be read; a refusal, an HTTP error or a rate limit is the source's
  // failure, counted as such by the transport, and would raise a false drift alarm here.
  const unreadable = failed.filter((f) => f instanceof ExtractionError).length;
  if (unreadable > 0) recordMissing('chain_b', 'data.hotelOffers', 'the offers', unreadable);
  return hotels;
}

/**
 * Hotels near the place, nearest first, each with its best offer (null when unpriced, or when its offers
 * could not be read: availability null too); undefined when no city has the destination slug.
 * @example await chainB.search(ctx, { destinationSlug: 'paris-fr', radiusKm: 50, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR', countryMarket: 'US', limit: 20, offset: 0 }) // { place: { slug: 'paris-fr', location: {...} }, hotels: [...] }
 */
async function search(ctx: UpstreamContext, q: ChainBQuery): Promise<ChainBResult | undefined> {
  const centre = q.destinationSlug
    ? placeBySlug(q.destinationSlug)
    : { latitude: q.latitude!, longitude: q.longitude! };
  if (!centre) return undefined;
  const place = conform(
    'chain_b',
    ChainBPlace,
    { slug: q.destinationSlug ?? null, location: centre },
    'the search place',
  );
  const near = await around(ctx, centre, q.radiusKm * 1_000, q.offset + q.limit);
  const page = near.slice(q.offset, q.offset + q.limit);
  const hotels = await pricedPage(ctx, page, q);
  return { place, hotels };
}

const nightsOf = (stay: Stay) => nights(stay.checkIn, stay.checkOut);

/**
 * Two calls run together, both settled before either failure is raised: every answer read is then on
 * record for the endpoint, which drops all of them from the cache when the extraction fails. With
 * `unlessMissing`, the second call's failure is not raised when the first found no hotel.
 */
async function settled<A, B>(first: Promise<A>, second: Promise<B>, unlessMissing = false): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected' && !(unlessMissing && a.value === undefined)) throw b.reason;
  return [a.value, b.status === 'fulfilled' ? b.value : (undefined as B)];
}

/** The hotel's content, or undefined when chain_b does not know the id. */
async function content(ctx: UpstreamContext, hotelId: string): Promise<HotelContent | undefined> {
  const res = await fetchParsed(hotelContentRequest(hotelId), ContentAnswer, ctx, 'the hotel content');
  return hotelOf(res.body, hotelId, res.status);
}

/** The hotel's record in the search index (null when the index does not list it). */
async function indexRecord(ctx: UpstreamContext, hotelId: string): Promise<IndexRecord> {
  const res = await fetchParsed(indexObjectRequest(hotelId), IndexRecord, ctx, 'the index record');
  return res.body;
}

/** One stay's offers, refused answers raised. */
async function offers(ctx: UpstreamContext, hotelId: string, stay: Stay): Promise<OffersAnswer> {
  const res = await fetchParsed(
    hotelOffersRequest(hotelId, stay),
    OffersAnswer,
    ctx,
    `the offers of hotel ${hotelId}`,
  );
  const refused = offersRefusal(res.body, hotelId, res.status);
  if (refused) throw refused;
  return res.body;
}

/**
 * The hotel's details, or undefined when chain_b does not know the id: its content and its index record
 * (the lodging type), asked together.
 * @example await chainB.details(ctx, '9WT3') // { name: 'Nordhaven Lodge Paris', brand: { code: 'NL', … }, … }
 */
async function details(ctx: UpstreamContext, hotelId: string): Promise<ChainBHotelDetails | undefined> {
  const [hotel, record] = await settled(content(ctx, hotelId), indexRecord(ctx, hotelId));
  return hotel && toDetails(hotel, record, siteOrigin('chain_b'));
}

/**
 * The hotel's amenities by category, or undefined when chain_b does not know the id.
 * @example await chainB.amenities(ctx, '9WT3') // [{ code: 'SERVICES', label: 'Services', amenities: [...] }, …]
 */
async function amenities(
  ctx: UpstreamContext,
  hotelId: string,
): Promise<ChainBAmenityCategory[] | undefined> {
  const [hotel, record] = await settled(content(ctx, hotelId), indexRecord(ctx, hotelId));
  return hotel && toAmenities(hotel, record);
}

/**
 * The hotel's score and first `limit` reviews, or undefined when chain_b does not know the id.
 * @example await chainB.reviews(ctx, '9WT3', 5) // { rating: { score: 4.3, review_count: 412 }, reviews: [...] }
 */
async function reviews(
  ctx: UpstreamContext,
  hotelId: string,
  limit: number,
): Promise<{ rating: ChainBRating; reviews: ChainBReview[] } | undefined> {
  const hotel = await content(ctx, hotelId);
  return hotel && toReviews(hotel, limit);
}

/**
 * The hotel's photos, or undefined when chain_b does not know the id.
 * @example await chainB.photos(ctx, '9WT3', { includeVideos: false }) // { name: '…', photos: [...], categories: { HOTEL: 'Hotel' } }
 */
async function photos(
  ctx: UpstreamContext,
  hotelId: string,
  filter: PhotoFilter,
): Promise<{ name: string; photos: ChainBPhoto[]; categories: Record<string, string> } | undefined> {
  const hotel = await content(ctx, hotelId);
  return hotel && toPhotos(hotel, filter);
}

/**
 * The hotel's room types and rates for the stay, or undefined when chain_b does not know the id: its
 * content (room types) and the stay's offers, asked together.
 * @example await chainB.rooms(ctx, '9WT3', { checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR', countryMarket: 'FR' })
 */
async function rooms(ctx: UpstreamContext, hotelId: string, stay: Stay): Promise<ChainBRooms | undefined> {
  // An unknown hotel's offers are refused too: the content answer says so first.
  const [hotel, answer] = await settled(content(ctx, hotelId), offers(ctx, hotelId, stay), true);
  return hotel && toRooms(hotel, answer, { nights: nightsOf(stay), currency: stay.currency });
}

/** Offers calls a price calendar runs at once: a handful, and never more than half the source's ceiling. */
export const CALENDAR_WIDTH = 6;
/** Kept back from the invocation's deadline for the answer itself: dates not priced by then are left out. */
export const CALENDAR_RESERVE_MS = 1_500;
/** A call is not started with less time than this left. */
const MIN_CALL_MS = 250;

export interface CalendarQuery {
  dateFrom: string;
  dateTo: string;
  nights: number;
  adults: number;
  currency: string;
  countryMarket: string;
}

export interface Calendar {
  name: string;
  brand: ChainBBrand;
  calendar: (ReturnType<typeof calendarDay> & { currency: string | null })[];
  complete: boolean;
}

/**
 * The hotel's best offer per check-in date from `dateFrom` to `dateTo`, or undefined when chain_b does
 * not know the id. One offers call per date (the source has no calendar operation), a few at a time
 * under the source's ceiling, within the deadline: a date not priced in time (or whose call failed) is
 * left out and `complete` is false; it is never shown as UNAVAILABLE.
 * @example await chainB.priceCalendar(ctx, '9WT3', { dateFrom: '2030-06-01', dateTo: '2030-06-30', nights: 1, adults: 1, currency: 'EUR', countryMarket: 'FR' })
 */
async function priceCalendar(
  ctx: UpstreamContext,
  hotelId: string,
  q: CalendarQuery,
): Promise<Calendar | undefined> {
  const hotel = await content(ctx, hotelId);
  if (!hotel) return undefined;
  const days = nights(q.dateFrom, q.dateTo) + 1;
  const dates = Array.from({ length: days }, (_, i) => addDays(q.dateFrom, i));
  const ceiling = providerConfig('chain_b').maxConcurrent;
  const width = Math.max(1, Math.min(CALENDAR_WIDTH, ceiling ? Math.ceil(ceiling / 2) : CALENDAR_WIDTH));
  // Calls share a deadline that ends before the invocation's, so the answer still goes out in time.
  const calls: UpstreamContext = {
    deadline: new Deadline(ctx.deadline.remaining() - CALENDAR_RESERVE_MS),
    served: ctx.served,
  };
  const priced = new Map<string, Calendar['calendar'][number]>();
  const failures: unknown[] = [];
  // A date's failure is kept, not thrown: the other dates are still priced.
  const price = async (date: string) => {
    const stay = {
      checkIn: date,
      checkOut: addDays(date, q.nights),
      adults: q.adults,
      currency: q.currency,
      countryMarket: q.countryMarket,
    };
    try {
      priced.set(date, calendarDay(await offers(calls, hotelId, stay), date, q.nights));
    } catch (error) {
      failures.push(error);
    }
  };
  await pooled(dates, width, price, () => calls.deadline.remaining() >= MIN_CALL_MS);
  // Nothing priced at all is a failed source, not an empty calendar.
  if (priced.size === 0 && failures.length > 0) throw failures[0];
  // An incomplete calendar (a date failed or ran out of time) is answered but never kept: the next request
  // prices every date again.
  if (priced.size < dates.length) ctx.served.push({ hit: false, ageSeconds: 0, kind: 'none' });
  return {
    name: hotel.name,
    brand: brandOf(hotel),
    calendar: dates.flatMap((d) => priced.get(d) ?? []),
    complete: priced.size === dates.length,
  };
}

/** chain_b, as the handlers use it. */
export const chainB = { search, details, amenities, reviews, photos, rooms, priceCalendar };
