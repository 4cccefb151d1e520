/**
 * chain_b: hotels around a point from the site's hosted search index, then each hotel's offers from its
 * back end (`HotelPageHot`), a few at a time within the invocation's deadline. The site's own results
 * list operation is not on record, so this is the per-hotel fan-out its hotel pages make. Slugs resolve
 * to a centre through the embedded gazetteer (places.ts).
 */
import { ChainBPlace, type ChainBHotel } from '../../schemas/chain-b.ts';
import { fetchParsed } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import {
  bestOffer,
  candidates,
  IndexAnswer,
  offersRefusal,
  OffersAnswer,
  toHotel,
  type Candidate,
} from './extract.ts';
import { placeBySlug, type Centre } from './places.ts';
import { hotelOffersRequest, indexName, indexQueryRequest, type Stay } from './requests.ts';

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

/** Maps `items` through `work`, at most `width` at a time, in order; the first failure stops the rest. */
async function pooled<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed) {
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
  return toHotel(candidate, bestOffer(res.body));
}

/**
 * Hotels near the place, nearest first, each with its best offer (null when unpriced); undefined when no
 * city has the destination slug.
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
  const hotels = await pooled(page, FAN_OUT, (c) => priced(ctx, c, q));
  return { place, hotels };
}

/** chain_b, as the handler uses it. */
export const chainB = { search };
