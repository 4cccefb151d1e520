/**
 * maps_hotels' reader of the real answer: `properties[]` with sponsored listings apart in `ads[]`, or one
 * property's details at the top level, or the empty state.
 */
import * as z from 'zod';
import { fold } from '../../geo/fold.ts';
import { MapsHotel } from '../../schemas/maps-hotels.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { isEmptyResult, SerpEnvelope } from '../serp/index.ts';
import { ratingFilterIsExact, type HotelSearch } from './requests.ts';
import { cents } from '../../extraction/values.ts';
import { nights } from '../../schemas/params.ts';
import { PropertyFacts, ratingOf, spaced, tokenOfLink } from './facts.ts';

const Money = z.object({ extracted_lowest: z.number() });
export const Property = z.object({
  name: z.string(),
  property_token: z.string(),
  ...PropertyFacts,
  rate_per_night: Money.optional(),
  total_rate: Money.optional(),
  prices: z.array(z.object({ rate_per_night: Money.optional(), total_rate: Money.optional() })).default([]),
  // Absent lists are read as none and counted (recordMissing in toHotel).
  images: z
    .array(z.object({ original_image: z.string().optional(), thumbnail: z.string().optional() }))
    .optional(),
  sponsored: z.boolean().optional(),
});
type Property = z.infer<typeof Property>;

/**
 * The answer; loose, because the property-details shape puts the property itself at the top level. Read
 * by the tolerant rule: a placeholder property, or one without its name or token (what identifies it),
 * is skipped and counted, never fatal to the list; one without its review count or score is kept, its
 * rating null where the source shows neither (amendment 1).
 */
export const HotelsAnswer = tolerant(
  'maps_hotels',
  z.looseObject({
    ...SerpEnvelope,
    search_parameters: z
      .object({
        currency: z
          .string()
          .regex(/^[A-Za-z]{3}$/)
          .optional(),
        property_token: z.string().optional(),
      })
      .default({}),
    search_information: z
      .object({
        hotels_results_state: z.string().optional(),
        // The source's count of the whole search, beyond this page.
        total_results: z.number().int().min(0).optional(),
      })
      .optional(),
    properties: z.array(Property).optional(),
    serpapi_property_details_link: z.string().optional(),
    ads: z.array(z.object({ name: z.string(), property_token: z.string().optional() })).default([]),
  }),
  'the hotel results',
);
export type HotelsAnswer = z.infer<typeof HotelsAnswer>;

export interface HotelResults {
  hotels: MapsHotel[];
  /** Hotels the whole search found, as the source counts them; null when it gives no count it can stand by. */
  totalCount: number | null;
  /** The currency the service priced in (the asked one unless it does not price in that one). */
  currency: string;
  /** The same search on the service's public site. */
  searchUrl: string;
}

// A stay is at least one night, whatever the dates say.
const nightsOf = (checkIn: string, checkOut: string): number => Math.max(1, nights(checkIn, checkOut));

/**
 * One property as the contract's hotel. Only its token and name identify it: coordinates and a price the
 * source does not show are null (a property with a booked-out night is listed unpriced), never a reason
 * to leave the hotel out.
 */
function toHotel(p: Property, nights: number, currency: string, paid: boolean): MapsHotel {
  const perNight = p.rate_per_night?.extracted_lowest;
  const current = p.total_rate?.extracted_lowest ?? (perNight === undefined ? null : perNight * nights);
  for (const list of ['images', 'amenities'] as const)
    if (p[list] === undefined) recordMissing('maps_hotels', `properties[].${list}`, 'the hotel results');
  const sellers = p.prices.flatMap((s) => {
    const total =
      s.total_rate?.extracted_lowest ?? (s.rate_per_night && s.rate_per_night.extracted_lowest * nights);
    return total === undefined ? [] : [total];
  });
  const totals = current === null ? sellers : [current, ...sellers];
  return {
    hotel_id: p.property_token,
    name: p.name,
    location: {
      address: p.address ?? null,
      latitude: p.gps_coordinates?.latitude ?? null,
      longitude: p.gps_coordinates?.longitude ?? null,
    },
    price: {
      current,
      regular: null,
      max_price: totals.length > 0 ? Math.max(...totals) : null,
      currency,
      price_per_night: current === null ? null : cents(current / nights),
    },
    rating: ratingOf(p),
    stars: p.extracted_hotel_class ?? null,
    check_in_time: p.check_in_time === undefined ? null : spaced(p.check_in_time),
    check_out_time: p.check_out_time === undefined ? null : spaced(p.check_out_time),
    amenities: p.amenities ?? [],
    images: (p.images ?? [])
      .map((i) => i.original_image ?? i.thumbnail)
      .filter((u): u is string => Boolean(u))
      .slice(0, 10),
    description: p.description ?? null,
    is_paid: paid,
  };
}

/** Fields only the property-details shape has at its top level (a list or the empty state has none). */
const DETAILS_FIELDS = [
  'gps_coordinates',
  'rate_per_night',
  'total_rate',
  'prices',
  'nearby_places',
  'address',
];

/**
 * The one property of a details answer (a hotel's name): its token at the top level, else the one it was
 * asked with, else the one in the source's own details link (a name search carries it only there).
 */
function detailsProperty(answer: HotelsAnswer): Property {
  const token =
    (typeof answer.property_token === 'string' ? answer.property_token : undefined) ??
    answer.search_parameters.property_token ??
    tokenOfLink(answer.serpapi_property_details_link);
  if (!token) throw new ExtractionError('maps_hotels', 'the property details carry no token', undefined, 200);
  return conform('maps_hotels', Property, { ...answer, property_token: token }, 'the property details', 200);
}

/**
 * The properties of an answer (its list, the one property of a details answer, or none when empty), and
 * whether they are a list the source counted.
 */
function propertiesOf(answer: HotelsAnswer): { properties: Property[]; details: boolean } {
  if (answer.properties) return { properties: answer.properties, details: false };
  const state = answer.search_information?.hotels_results_state ?? '';
  // A hotel's name may answer its details with no results state: a top-level name and details fields.
  const detailsShape =
    typeof answer.name === 'string' &&
    DETAILS_FIELDS.some((f) => (answer as Record<string, unknown>)[f] !== undefined);
  if (/property details/i.test(state) || detailsShape)
    return { properties: [detailsProperty(answer)], details: true };
  if (state === 'Fully empty' || isEmptyResult(answer.error)) return { properties: [], details: false };
  if (answer.error) throw new UpstreamError('maps_hotels', 'the search answered an error instead of hotels');
  throw new ExtractionError('maps_hotels', 'no properties, property details or empty state', undefined, 200);
}

/**
 * The source's count of the whole search, when it counts what was asked: null when it gives none, or when
 * min_rating is one the source cannot filter by exactly (its filter is coarser, and the count with it),
 * or when the exact filter here left out a property the source counted.
 * @example totalOf({ search_information: { total_results: 118 }, … }, { minRating: 4.2, … }, 0) // null
 */
function totalOf(answer: HotelsAnswer, s: HotelSearch, filteredOut: number): number | null {
  const exact = s.minRating === undefined || ratingFilterIsExact(s.minRating);
  return exact && filteredOut === 0 ? (answer.search_information?.total_results ?? null) : null;
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
  const found = propertiesOf(answer);
  const properties = found.properties.filter(
    (p) => s.minRating === undefined || (p.overall_rating ?? 0) >= s.minRating,
  );
  const hotels = properties.map((p) =>
    toHotel(
      p,
      nights,
      currency,
      p.sponsored === true || adTokens.has(p.property_token) || adNames.has(fold(p.name)),
    ),
  );
  return {
    hotels: conform('maps_hotels', z.array(MapsHotel), hotels, 'the hotels', 200),
    totalCount: found.details
      ? hotels.length
      : totalOf(answer, s, found.properties.length - properties.length),
    currency,
    searchUrl,
  };
}
