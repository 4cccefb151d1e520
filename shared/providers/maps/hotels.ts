/**
 * maps_hotels: a public SERP API's hotels engine, `GET /search.json?engine=<hotels>&q=&check_in_date=
 * &check_out_date=&adults=&children=&children_ages=&currency=&hl=&rating=` (engine wire name from
 * configuration, `engines.hotels`). The source prices in the asked currency when it can
 * (`search_parameters.currency` says which it used); the same search on the service's own site is
 * `search_metadata.<engine>_url`.
 *
 * Two answer shapes: a place gives `properties[]` (hotels and vacation rentals) with sponsored
 * listings apart in `ads[]`; a hotel's name gives that one property's details at the top level
 * (`search_information.hotels_results_state: "Showing results for property details"`, no `properties`).
 *
 * Rules, from what the source sends:
 * - sponsored: an ad never carries its property's token (it has one of its own), so an ad marks the
 *   property whose name equals the ad's once both are folded (case, accents, punctuation and spacing
 *   ignored), or whose token equals the ad's, or which says `sponsored: true`;
 * - a property without coordinates, or without any price, is left out (the contract's latitude,
 *   longitude and price.current are not nullable); the rest of the search still answers;
 * - price.current is `total_rate.extracted_lowest`, else the nightly lowest times the nights;
 *   max_price is the highest seller's total where the source lists sellers (`prices[]`: on vacation
 *   rentals, nightly rates only, times the nights; in property details, with totals), else current;
 * - children: the source needs one age per child (`children_ages`, 1 to 17) and the contract takes only
 *   a count, so each child is sent as CHILD_AGE;
 * - min_rating: sent as the source's nearest lower rating filter (3.5+, 4.0+, 4.5+) and applied exactly;
 * - check-in and check-out times come with a narrow no-break space before AM/PM: sent with a space.
 */
import * as z from 'zod';
import { fold } from '../../geo/fold.ts';
import { MapsHotel } from '../../schemas/maps-hotels.ts';
import type { UpstreamRequest } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { engineFor } from '../../upstream/providers.ts';
import { fetchSerp, isEmptyResult, SerpEnvelope } from '../web-search/serp-api.ts';

/** The age each child is sent as: the contract has no ages, the source needs one per child. */
export const CHILD_AGE = 8;

const Money = z.object({ extracted_lowest: z.number() });
export const Property = z.object({
  name: z.string(),
  description: z.string().default(''),
  property_token: z.string(),
  address: z.string().optional(),
  gps_coordinates: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  check_in_time: z.string().default(''),
  check_out_time: z.string().default(''),
  rate_per_night: Money.optional(),
  total_rate: Money.optional(),
  prices: z.array(z.object({ rate_per_night: Money.optional(), total_rate: Money.optional() })).default([]),
  extracted_hotel_class: z.number().int().min(1).max(5).optional(),
  images: z
    .array(z.object({ original_image: z.string().optional(), thumbnail: z.string().optional() }))
    .default([]),
  overall_rating: z.number().optional(),
  reviews: z.number().int().default(0),
  amenities: z.array(z.string()).default([]),
  sponsored: z.boolean().optional(),
});
type Property = z.infer<typeof Property>;

/** The answer; loose, because the property-details shape puts the property itself at the top level. */
export const HotelsAnswer = z.looseObject({
  ...SerpEnvelope,
  search_parameters: z
    .object({
      currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/)
        .optional(),
    })
    .default({}),
  search_information: z.object({ hotels_results_state: z.string().optional() }).optional(),
  properties: z.array(Property).optional(),
  ads: z.array(z.object({ name: z.string(), property_token: z.string().optional() })).default([]),
});
export type HotelsAnswer = z.infer<typeof HotelsAnswer>;

export interface HotelSearch {
  location: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  currency: string;
  minRating?: number;
}

export interface HotelResults {
  hotels: MapsHotel[];
  /** The currency the service priced in (the asked one unless it does not price in that one). */
  currency: string;
  /** The same search on the service's public site. */
  searchUrl: string;
}

/** The source's rating filter at or below `min`: 7 is 3.5+, 8 is 4.0+, 9 is 4.5+. */
function ratingFilter(min: number | undefined): number | undefined {
  if (min === undefined || min < 3.5) return undefined;
  return min >= 4.5 ? 9 : min >= 4 ? 8 : 7;
}

/**
 * The request for a hotel search.
 * @example hotelsRequest({ location: 'Paris', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, children: 2, currency: 'EUR' }, 'hotels').query.children_ages // '8,8'
 */
export function hotelsRequest(s: HotelSearch, engine: string): UpstreamRequest {
  const rating = ratingFilter(s.minRating);
  return {
    provider: 'maps_hotels',
    path: '/search.json',
    expect: 'json',
    cache: 'prices',
    query: {
      engine,
      q: s.location,
      check_in_date: s.checkIn,
      check_out_date: s.checkOut,
      adults: s.adults,
      children: s.children,
      ...(s.children > 0
        ? { children_ages: Array.from({ length: s.children }, () => CHILD_AGE).join(',') }
        : {}),
      currency: s.currency,
      hl: 'en',
      ...(rating ? { rating } : {}),
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const spaced = (time: string) => time.replace(/[\u202f\u00a0]/g, ' ');

function nightsOf(checkIn: string, checkOut: string): number {
  return Math.max(1, Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000));
}

/** One property as the contract's hotel, or undefined when it lacks coordinates or any price. */
function toHotel(p: Property, nights: number, currency: string, paid: boolean) {
  const current =
    p.total_rate?.extracted_lowest ?? (p.rate_per_night && p.rate_per_night.extracted_lowest * nights);
  if (!p.gps_coordinates || current === undefined) return undefined;
  const sellers = p.prices.map(
    (s) => s.total_rate?.extracted_lowest ?? (s.rate_per_night?.extracted_lowest ?? 0) * nights,
  );
  return {
    hotel_id: p.property_token,
    name: p.name,
    location: {
      address: p.address ?? null,
      latitude: p.gps_coordinates.latitude,
      longitude: p.gps_coordinates.longitude,
    },
    price: {
      current,
      regular: null,
      max_price: Math.max(current, ...sellers),
      currency,
      price_per_night: round2(current / nights),
    },
    rating: { value: p.overall_rating ?? 0, votes: p.reviews, rating_max: 5 },
    stars: p.extracted_hotel_class ?? null,
    check_in_time: spaced(p.check_in_time),
    check_out_time: spaced(p.check_out_time),
    amenities: p.amenities,
    images: p.images
      .map((i) => i.original_image ?? i.thumbnail)
      .filter((u): u is string => Boolean(u))
      .slice(0, 10),
    description: p.description,
    is_paid: paid,
  };
}

/** The properties of an answer: its list, the one property of a details answer, or none when empty. */
function propertiesOf(answer: HotelsAnswer): Property[] {
  if (answer.properties) return answer.properties;
  const state = answer.search_information?.hotels_results_state ?? '';
  if (/property details/i.test(state) || ('property_token' in answer && 'name' in answer))
    return [conform('maps_hotels', Property, answer, 'the property details', 200)];
  if (state === 'Fully empty' || isEmptyResult(answer.error)) return [];
  if (answer.error) throw new UpstreamError('maps_hotels', 'the search answered an error instead of hotels');
  throw new ExtractionError('maps_hotels', 'no properties, property details or empty state', undefined, 200);
}

/**
 * A hotels answer (not a failure) as the contract's hotels, best listed first.
 * @example extractHotels(answer, { location: 'Paris', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, children: 0, currency: 'EUR' }, 'hotels') // { hotels: [...], currency: 'EUR', searchUrl: 'https://…' }
 */
export function extractHotels(answer: HotelsAnswer, s: HotelSearch, engine: string): HotelResults {
  // The format names the link to the search on the service's site after its engine: `<engine>_url`.
  const searchUrl = conform(
    'maps_hotels',
    z.url({ protocol: /^https?$/ }),
    answer.search_metadata?.[`${engine}_url`],
    'the search URL',
    200,
  );
  const currency = answer.search_parameters.currency?.toUpperCase() ?? s.currency;
  const adNames = new Set(answer.ads.map((a) => fold(a.name)));
  const adTokens = new Set(answer.ads.map((a) => a.property_token));
  const nights = nightsOf(s.checkIn, s.checkOut);
  const hotels = propertiesOf(answer)
    .filter((p) => s.minRating === undefined || (p.overall_rating ?? 0) >= s.minRating)
    .map((p) =>
      toHotel(
        p,
        nights,
        currency,
        p.sponsored === true || adTokens.has(p.property_token) || adNames.has(fold(p.name)),
      ),
    )
    .filter((h) => h !== undefined);
  return {
    hotels: conform('maps_hotels', z.array(MapsHotel), hotels, 'the hotels', 200),
    currency,
    searchUrl,
  };
}

export const mapsHotels = {
  /**
   * Hotels for the search, best listed first (none when the service found nothing).
   * @example await mapsHotels.search(ctx, { location: 'Paris', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, children: 0, currency: 'EUR' })
   */
  async search(ctx: UpstreamContext, s: HotelSearch): Promise<HotelResults> {
    const engine = engineFor('maps_hotels', 'hotels');
    const { body } = await fetchSerp(hotelsRequest(s, engine), HotelsAnswer, ctx, 'the hotel results');
    return extractHotels(body, s, engine);
  },
};
