/**
 * maps_hotels' reader of the real answer: `properties[]` with sponsored listings apart in `ads[]`, or one
 * property's details at the top level, or the empty state.
 */
import * as z from 'zod';
import { fold } from '../../geo/fold.ts';
import { MapsHotel, MapsHotelInfo, MapsHotelPhoto } from '../../schemas/maps-hotels.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { isEmptyResult, SerpEnvelope } from '../serp/index.ts';
import { ratingFilterIsExact, type HotelSearch } from './requests.ts';
import { cents } from '../../extraction/values.ts';
import { nights } from '../../schemas/params.ts';

/** What the engine says alike of a property in a results list and in its details: the same fields. */
const PropertyFacts = {
  description: z.string().optional(),
  address: z.string().optional(),
  gps_coordinates: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  check_in_time: z.string().optional(),
  check_out_time: z.string().optional(),
  extracted_hotel_class: z.number().int().min(1).max(5).optional(),
  overall_rating: z.number().optional(),
  // An absent count is not a real 0: the property is kept with its rating's votes null (the contract's
  // amendment 1), or with no rating at all when neither score nor count is shown (a vacation rental).
  reviews: z.number().int().optional(),
  amenities: z.array(z.string()).optional(),
};

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
 * by the tolerant rule: a placeholder property, or one without its name, token or review count, is
 * skipped and counted, never fatal to the list.
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

const spaced = (time: string) => time.replace(/[\u202f\u00a0]/g, ' ');

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

/**
 * A property's rating as the source shows it: null when it shows neither score nor count; either one
 * alone keeps the other null, never 0 (the contract's amendment 1).
 * @example ratingOf({ overall_rating: 4.2 }) // { value: 4.2, votes: null, rating_max: 5 }
 */
export function ratingOf(p: { overall_rating?: number | undefined; reviews?: number | undefined }) {
  if (p.overall_rating === undefined && p.reviews === undefined) return null;
  return { value: p.overall_rating ?? null, votes: p.reviews ?? null, rating_max: 5 };
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

const Rate = z.object({
  lowest: z.string().optional(),
  extracted_lowest: z.number(),
  before_taxes_fees: z.string().optional(),
  extracted_before_taxes_fees: z.number().optional(),
});
/**
 * A property-details answer: the property at the top level, with no `search_information` list and maybe
 * no top-level `property_token`, `description` or `amenities`; or, for a name that is not one hotel's,
 * `properties[]` (whose first entry leads to the details); or the empty state. Loose: the envelope's
 * other keys and the properties' own stay beside what is read.
 */
export const DetailsAnswer = tolerant(
  'maps_hotels',
  z.looseObject({
    ...SerpEnvelope,
    search_parameters: z
      .object({ currency: z.string().optional(), property_token: z.string().optional() })
      .optional(),
    search_information: z.object({ hotels_results_state: z.string().optional() }).optional(),
    properties: z.array(z.object({ property_token: z.string() })).optional(),
    type: z.string().optional(),
    name: z.string().optional(),
    link: z.string().optional(),
    property_token: z.string().optional(),
    serpapi_property_details_link: z.string().optional(),
    phone: z.string().optional(),
    ...PropertyFacts,
    rate_per_night: Rate.optional(),
    total_rate: Rate.optional(),
    prices: z
      .array(
        z.object({
          source: z.string(),
          link: z.string().optional(),
          official: z.boolean().optional(),
          rate_per_night: Rate.optional(),
          total_rate: Rate.optional(),
        }),
      )
      .optional(),
    images: z.array(z.object({ thumbnail: z.string().optional(), original_image: z.string() })).optional(),
    nearby_places: z
      .array(
        z.object({
          name: z.string(),
          category: z.string().optional(),
          transportations: z
            .array(z.object({ type: z.string().optional(), duration: z.string() }))
            .optional(),
        }),
      )
      .optional(),
  }),
  'the property details',
);
export type DetailsAnswer = z.infer<typeof DetailsAnswer>;

/** What a details call found: the property, a list whose first property leads to it, or nothing. */
export type DetailsResult =
  | { kind: 'details'; answer: DetailsAnswer; hotelId: string; currency: string | undefined }
  | { kind: 'list'; hotelId: string }
  | { kind: 'not found' };

/** The token inside the source's own details link, when the answer carries no top-level one. */
function tokenOfLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    return new URL(link).searchParams.get('property_token') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which kind of details answer this is; the property's token from the answer, its details link, or the
 * token asked with.
 * @example classifyDetails(answer, 'ChkI…') // { kind: 'details', answer, hotelId: 'ChkI…', currency: 'EUR' }
 */
export function classifyDetails(answer: DetailsAnswer, askedToken: string | undefined): DetailsResult {
  if (answer.name !== undefined) {
    const hotelId =
      answer.property_token ??
      askedToken ??
      answer.search_parameters?.property_token ??
      tokenOfLink(answer.serpapi_property_details_link);
    if (!hotelId)
      throw new ExtractionError('maps_hotels', 'the property details carry no token', undefined, 200);
    return { kind: 'details', answer, hotelId, currency: answer.search_parameters?.currency?.toUpperCase() };
  }
  const first = answer.properties?.[0];
  // A token answers its own property or nothing: a list for a token is not that property.
  if (first && !askedToken) return { kind: 'list', hotelId: first.property_token };
  const state = answer.search_information?.hotels_results_state ?? '';
  if (answer.properties || state === 'Fully empty' || isEmptyResult(answer.error))
    return { kind: 'not found' };
  if (answer.error)
    throw new UpstreamError('maps_hotels', 'the details answered an error instead of a property');
  throw new ExtractionError('maps_hotels', 'no property details, properties or empty state', undefined, 200);
}

const rateOf = (r: z.infer<typeof Rate> | undefined, currency: string) =>
  r
    ? {
        lowest: r.lowest ?? `${currency} ${r.extracted_lowest}`,
        lowest_value: r.extracted_lowest,
        before_taxes_fees: r.before_taxes_fees ?? null,
        before_taxes_fees_value: r.extracted_before_taxes_fees ?? null,
      }
    : null;

/**
 * A details answer as the contract's hotel in full: the name identifies it (the answer's shape needs it);
 * everything else, coordinates included, may be absent and is then null.
 * @example extractInfo(answer, 'ChkI…', 'EUR').total_rate?.lowest_value // 424
 */
export function extractInfo(answer: DetailsAnswer, hotelId: string, currency: string): MapsHotelInfo {
  const a = answer;
  const info = {
    hotel_id: hotelId,
    name: a.name,
    type: a.type ?? null,
    description: a.description ?? null,
    link: a.link ?? null,
    address: a.address ?? null,
    phone: a.phone ?? null,
    location: a.gps_coordinates ?? null,
    check_in_time: a.check_in_time === undefined ? null : spaced(a.check_in_time),
    check_out_time: a.check_out_time === undefined ? null : spaced(a.check_out_time),
    stars: a.extracted_hotel_class ?? null,
    rating: ratingOf(a),
    rate_per_night: rateOf(a.rate_per_night, currency),
    total_rate: rateOf(a.total_rate, currency),
    prices: (a.prices ?? []).map((p) => ({
      source: p.source,
      rate_per_night_value: p.rate_per_night?.extracted_lowest ?? null,
      total_rate_value: p.total_rate?.extracted_lowest ?? null,
      link: p.link ?? null,
      is_official: p.official === true,
    })),
    amenities: a.amenities ?? [],
    images: (a.images ?? []).map((i) => i.original_image).slice(0, 20),
    nearby_places: (a.nearby_places ?? []).map((n) => ({
      name: n.name,
      category: n.category ?? null,
      transport_time: n.transportations?.[0]?.duration ?? null,
    })),
  };
  return conform('maps_hotels', MapsHotelInfo, info, 'the hotel details', 200);
}

/**
 * The photos of a details answer, original size with their thumbnails. The engine leaves out a list it
 * has nothing for, so details without `images` are a hotel without photos: none, as info's `images`, the
 * absence counted as drift by the tolerant reader. An `images` that is there but unreadable (another
 * type, or no entry with an original image) fails the read: an extraction error, never "no photos".
 * @example extractPhotos(answer) // [{ thumbnail_url: 'https://…/0.jpg', url: 'https://…/0-o.jpg' }]
 */
export function extractPhotos(answer: DetailsAnswer): MapsHotelPhoto[] {
  const photos = (answer.images ?? []).map((i) => ({
    thumbnail_url: i.thumbnail ?? null,
    url: i.original_image,
  }));
  return conform('maps_hotels', z.array(MapsHotelPhoto), photos, 'the hotel photos', 200);
}
