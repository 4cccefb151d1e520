/**
 * site_c: reviews and seller prices through the source's batch of pre-registered GraphQL queries. Reviews
 * come in the source's own order (newest first) and language switches, up to three entries of 20 a batch.
 * Prices need the hotel's geo id: the one its reviews' page URLs carry, remembered from a reviews call or
 * looked up with a one-review batch; then the offers are polled until every seller has answered or the
 * deadline is near.
 */
import { byteBoundedCache } from '../../memory-budget.ts';
import { fetchExtracted, fetchParsed, type UpstreamRequest } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { operationId, siteOrigin } from '../../upstream/providers.ts';
import { BatchAnswer, entryData } from './extract.ts';
import {
  extractOffers,
  OFFER_READING,
  OffersData,
  priceOffers,
  type OfferReading,
  type OffersPoll,
  type PricedOffers,
} from './offers.ts';
import {
  ENTRY_LIMIT,
  geoLookupRequest,
  hotelPageRequest,
  newPageView,
  pricesRequest,
  queryId,
  reviewsRequest,
  reviewsSort,
  typeaheadRequest,
  type PageView,
  type Stay,
} from './requests.ts';
import { extractReviews, ReviewListData, type ReviewPage } from './review-list.ts';
import { extractHotelDetails, type SiteCHotelDetails } from './details.ts';
import { locationsOf, type SiteCLocation } from './locations.ts';
import { geoOfPath, type HotelPage } from './urls.ts';

/** Where the source files each hotel (location id → geo id): learnt from reviews, kept like an id. */
// Bounded by bytes: 0.5 % of the function's memory.
const knownGeo = byteBoundedCache<number, number>(0.005, { ttl: 7 * 24 * 3600 * 1000 });

/** Polls after the first, at most, and the pause between them (the web app polls about twice a second). */
export const MAX_POLLS = 6;
export const POLL_INTERVAL_MS = 500;
/** A poll starts only while this much of the deadline is left for it and the answer. */
export const POLL_RESERVE_MS = 1_500;

/** The review lists of a batch answer, one per entry sent. */
async function reviewBatch(ctx: UpstreamContext, req: UpstreamRequest, entries: number) {
  const res = await fetchParsed(req, BatchAnswer, ctx, 'the batch answer');
  const query = { name: 'reviews', id: queryId('reviews') };
  const lists = Array.from({ length: entries }, (_v, i) =>
    conform('site_c', ReviewListData, entryData(res.body, i, query, res.status), 'a review list', res.status),
  );
  return extractReviews(lists, { origin: siteOrigin('site_c'), sortBy: reviewsSort() });
}

/** The largest GraphQL Int, the source's bound for a review offset. */
const SOURCE_INT_MAX = 2 ** 31 - 1;

/**
 * A page of a hotel's reviews in the source's order (newest first), or undefined when site_c has no such
 * location. With `language: 'all'` each text is machine-translated to English by the source; with a code,
 * only reviews written in it, as written. A page whose offsets the source cannot take is past any hotel's
 * end: it has no reviews, and page 1, asked instead, says whether the hotel exists and its total.
 * @example await siteC.reviews(ctx, { hotel, page: 1, perPage: 10, language: 'all' }) // { total: 120, reviews: [...] }
 */
async function reviews(
  ctx: UpstreamContext,
  q: { hotel: HotelPage; page: number; perPage: number; language: string },
): Promise<ReviewPage | undefined> {
  const offset = (q.page - 1) * q.perPage;
  const beyond = offset + q.perPage - 1 > SOURCE_INT_MAX;
  const req = reviewsRequest({
    locationId: q.hotel.locationId,
    offset: beyond ? 0 : offset,
    count: q.perPage,
    language: q.language,
    pagePath: q.hotel.path,
  });
  const page = await reviewBatch(ctx, req, Math.ceil(q.perPage / ENTRY_LIMIT));
  if (page?.geoId !== undefined) knownGeo.set(q.hotel.locationId, page.geoId);
  return page && beyond ? { ...page, reviews: [] } : page;
}

/** The geo a hotel's prices are asked under, or undefined when site_c has no such location. */
async function geoOf(ctx: UpstreamContext, locationId: number): Promise<number | undefined> {
  const known = knownGeo.get(locationId);
  if (known !== undefined) return known;
  const page = await reviewBatch(ctx, geoLookupRequest(locationId), 1);
  if (!page) return undefined;
  if (page.geoId === undefined)
    throw new UpstreamError(
      'site_c',
      `no review of location ${locationId} gives the geo id its prices are asked under; ` +
        'a reviews-from-url call with its page URL does',
    );
  knownGeo.set(locationId, page.geoId);
  return page.geoId;
}

/** The configured reading of the offers, over the defaults. */
function offerReading(): OfferReading {
  const reading = { ...OFFER_READING };
  for (const key of Object.keys(reading) as (keyof OfferReading)[])
    reading[key] = operationId('site_c', key, reading[key]);
  return reading;
}

async function poll(
  ctx: UpstreamContext,
  stay: Stay,
  view: PageView,
  requestNumber: number,
  reading: OfferReading,
): Promise<OffersPoll & { hit: boolean }> {
  const res = await fetchParsed(
    pricesRequest(stay, view, requestNumber),
    BatchAnswer,
    ctx,
    'the batch answer',
  );
  // The first poll carries the search context first: it must be known too, though nothing is read from it.
  if (requestNumber === 0)
    entryData(res.body, 0, { name: 'prices_context', id: queryId('prices_context') }, res.status);
  const offers = entryData(
    res.body,
    requestNumber === 0 ? 1 : 0,
    { name: 'prices_offers', id: queryId('prices_offers') },
    res.status,
  );
  const data = conform('site_c', OffersData, offers, 'the offers', res.status);
  return { ...extractOffers(data, reading), hit: res.hit };
}

export interface SiteCPrices extends PricedOffers {
  /** The currency site_c priced in: the asked one, or its default when it does not price in that one. */
  currency: string;
  /** Every seller answered before the polls ended; null when the source does not say (polled to the limit). */
  complete: boolean | null;
}

/**
 * Seller offers for a stay, cheapest first, or undefined when site_c has no such location.
 * @example await siteC.prices(ctx, { locationId: 314467, checkIn: '2030-06-01', checkOut: '2030-06-03', adults: 2, rooms: 1, currency: 'EUR' })
 */
async function prices(ctx: UpstreamContext, q: Omit<Stay, 'geoId'>): Promise<SiteCPrices | undefined> {
  const geoId = await geoOf(ctx, q.locationId);
  if (geoId === undefined) return undefined;
  const stay = { ...q, geoId };
  const view = newPageView();
  const reading = offerReading();
  let last = await poll(ctx, stay, view, 0, reading);
  // A poll that does not say it is complete (false, or no flag) is polled again, up to the limit.
  for (let n = 1; last.complete !== true && n <= MAX_POLLS; n++) {
    if (ctx.deadline.remaining() < POLL_INTERVAL_MS + POLL_RESERVE_MS) break;
    // A poll served from the cache was answered before: no seller is waited for again.
    if (!last.hit) await new Promise((ok) => setTimeout(ok, POLL_INTERVAL_MS));
    try {
      last = await poll(ctx, stay, view, n, reading);
    } catch (error) {
      // The sellers so far are still an answer; the summary says it is incomplete.
      if (error instanceof UpstreamTimeoutError || error instanceof UpstreamUnavailableError) break;
      throw error;
    }
  }
  const currencies = new Set(last.sellers.map((s) => s.currency ?? q.currency));
  if (currencies.size > 1)
    throw new ExtractionError('site_c', `offers in several currencies (${[...currencies].join(', ')})`);
  const currency = [...currencies][0] ?? q.currency;
  return { currency, complete: last.complete, ...priceOffers(last.sellers, currency, q.rooms) };
}

/** Where each hotel's page is (location id → page path): learnt from the typeahead or a review, kept like an id. */
const knownPage = byteBoundedCache<number, string>(0.005, { ttl: 7 * 24 * 3600 * 1000 });

/**
 * The site's location typeahead: places, hotels, restaurants, attractions matching a text, in its order,
 * at most `limit`. A hotel's page is remembered (and the geo its prices are asked under).
 * @example await siteC.locations(ctx, { query: 'paris', limit: 10 }) // [{ location_id: 180417, type: 'city', … }, …]
 */
async function locations(
  ctx: UpstreamContext,
  q: { query: string; limit: number },
): Promise<SiteCLocation[]> {
  const res = await fetchParsed(typeaheadRequest(q.query, q.limit), BatchAnswer, ctx, 'the batch answer');
  const entry = entryData(res.body, 0, { name: 'typeahead', id: queryId('typeahead') }, res.status);
  const found = locationsOf(entry, siteOrigin('site_c'), res.status).slice(0, q.limit);
  for (const l of found) {
    const path = l.type === 'hotel' && l.url ? new URL(l.url).pathname : undefined;
    const geo = path ? geoOfPath(path) : undefined;
    if (path && geo !== undefined && path.includes(`-d${l.location_id}-`)) {
      knownPage.set(l.location_id, path);
      knownGeo.set(l.location_id, geo);
    }
  }
  return found;
}

/**
 * The path of a hotel's page: remembered, or the page its first review names (a one-review batch, cached
 * like an id); undefined when site_c has no such location.
 */
async function pageOf(ctx: UpstreamContext, locationId: number): Promise<string | undefined> {
  const known = knownPage.get(locationId);
  if (known) return known;
  const res = await fetchParsed(geoLookupRequest(locationId), BatchAnswer, ctx, 'the batch answer');
  const entry = entryData(res.body, 0, { name: 'reviews', id: queryId('reviews') }, res.status);
  const list = conform('site_c', ReviewListData, entry, 'a review list', res.status);
  const page = list.ReviewsProxy_getReviewListPageForLocation[0];
  if (!page) return undefined;
  const path = page.reviews
    .map((r) => r.location?.url)
    .find((u) => u !== undefined && geoOfPath(u) !== undefined && u.includes(`-d${locationId}-`));
  if (!path)
    throw new UpstreamError(
      'site_c',
      `no review of location ${locationId} names its page; a locations search that finds the hotel does`,
    );
  knownPage.set(locationId, path);
  knownGeo.set(locationId, geoOfPath(path)!);
  return path;
}

/**
 * A hotel's details from its page (structured data, and the description and amenities where the page
 * renders them), or undefined when site_c has no such location.
 * @example await siteC.details(ctx, 314467) // { name: 'Aurelia Suites Paris', rating: { value: 4.5, review_count: 120 }, … }
 */
async function details(ctx: UpstreamContext, locationId: number): Promise<SiteCHotelDetails | undefined> {
  const path = await pageOf(ctx, locationId);
  if (!path) return undefined;
  const origin = siteOrigin('site_c');
  // The details, not the page, are kept: a hit reads nothing again.
  const { body } = await fetchExtracted(hotelPageRequest(path), ctx, 'hotel details', ({ status, body }) =>
    status === 404
      ? undefined
      : extractHotelDetails(String(body), locationId, `${origin}${path}`, origin, status),
  );
  return body;
}

/** site_c, as the handlers use it. */
export const siteC = { reviews, prices, locations, details };

/** For the handlers, which import a connector's index.ts only: its URL parser. */
export { hotelPageOf } from './urls.ts';
