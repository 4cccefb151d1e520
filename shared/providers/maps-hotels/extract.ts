/**
 * maps_hotels' reader of the real answer: `properties[]` with sponsored listings apart in `ads[]`, or one
 * property's details at the top level, or the empty state.
 */
import * as z from 'zod';
import { MapsHotel } from '../../schemas/maps-hotels.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import { metersBetween } from '../../geo/distance.ts';
import { normallyAbsent } from '../../extraction/schema-shape.ts';
import { hasShapeOf, isEmptyResult, SerpEnvelope } from '../serp/index.ts';
import { ratingFilterIsExact, type HotelSearch } from './requests.ts';
import { cents } from '../../extraction/values.ts';
import { nights } from '../../schemas/params.ts';
import { PropertyFacts, ratingOf, spaced, tokenOfLink } from './facts.ts';

const Money = z.object({ extracted_lowest: z.number() });
const Seller = z.object({ rate_per_night: Money.optional(), total_rate: Money.optional() });
/** What a listed property and the details shape's property both carry; `address` only in the details. */
const { address, ...listedFacts } = PropertyFacts;
const listed = {
  name: z.string(),
  property_token: z.string(),
  ...listedFacts,
  rate_per_night: Money.optional(),
  total_rate: Money.optional(),
  // Absent lists are read as none and counted (recordMissing in toHotel).
  images: z
    .array(z.object({ original_image: z.string().optional(), thumbnail: z.string().optional() }))
    .optional(),
};
/** A vacation rental in a list: priced by its sellers too (`prices[]`, which only rentals carry). */
const ListedRental = z.looseObject({
  ...listed,
  type: z.literal('vacation rental'),
  // A rental's sellers show a nightly rate and no total (research §12).
  prices: z.array(z.object({ rate_per_night: Money.optional() })).optional(),
});
/** A hotel in a list: no sellers and no address in a list (research §12); an ad is apart in `ads[]`. */
const ListedHotel = z
  .looseObject({ ...listed, type: z.string().optional() })
  .refine((p) => p.type !== 'vacation rental', { error: 'a rental read as a hotel', abort: true });
const ListedProperty = z.union([ListedRental, ListedHotel]);
type ListedProperty = z.infer<typeof ListedProperty>;
/** The property-details shape's one property: its address and its sellers at the top level. */
export const Property = z.object({
  ...listed,
  address,
  prices: z.array(Seller).default([]),
});
type Property = z.infer<typeof Property>;

const envelope = {
  ...SerpEnvelope,
  search_parameters: z
    .object({
      currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/)
        .optional(),
    })
    .default({}),
};
/**
 * A sponsored listing, as `ads[]` carries it (real 2026-03 answers): its own token and name, one seller's
 * price per night (`extracted_price`, per night as the service documents it), a class as a number and
 * one thumbnail; no address, times or description. One without its token or name is skipped and counted.
 */
const Ad = z.looseObject({
  name: z.string(),
  property_token: z.string(),
  gps_coordinates: PropertyFacts.gps_coordinates,
  hotel_class: z.number().int().min(1).max(5).optional(),
  thumbnail: z.string().optional(),
  overall_rating: PropertyFacts.overall_rating,
  reviews: PropertyFacts.reviews,
  extracted_price: z.number().min(0).optional(),
  amenities: PropertyFacts.amenities,
});
type Ad = z.infer<typeof Ad>;
/** A list of properties, with the sponsored listings apart in `ads[]`. */
const ListAnswer = z.looseObject({
  ...envelope,
  search_information: z
    .object({
      // The source's count of the whole search, beyond this page.
      total_results: z.number().int().min(0).optional(),
    })
    .optional(),
  properties: z.array(ListedProperty),
  // Many searches show no sponsored listing: an answer without ads is the normal one, not drift.
  ads: normallyAbsent(z.array(Ad).default([])),
});
/**
 * Not a list: one property's details at the top level (a hotel's name), or the empty state. Its token is
 * at the top level, the one asked with, or in the details link; a list's keys are refused here.
 */
const OtherAnswer = z
  .looseObject({
    ...envelope,
    search_parameters: envelope.search_parameters
      .unwrap()
      .extend({ property_token: z.string().optional() })
      .default({}),
    search_information: z.object({ hotels_results_state: z.string().optional() }).optional(),
    serpapi_property_details_link: z.string().optional(),
  })
  // abort: a shape's refusal is never taken for the closest reading of a list that broke inside.
  .refine((a) => a.properties === undefined, { error: 'properties that cannot be read', abort: true });

/**
 * The answer, one shape each (a list never counts the details' fields missing, nor the reverse). Read by
 * the tolerant rule: a placeholder property, or one without its name or token (what identifies it), is
 * skipped and counted, never fatal to the list; one without its review count or score is kept, its
 * rating null where the source shows neither (amendment 1).
 */
export const HotelsAnswer = tolerant('maps_hotels', z.union([ListAnswer, OtherAnswer]), 'the hotel results');
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
function toHotel(
  { property: p, sellers: own }: Priced,
  nights: number,
  currency: string,
  paid: boolean,
): MapsHotel {
  const perNight = p.rate_per_night?.extracted_lowest;
  const current = p.total_rate?.extracted_lowest ?? (perNight === undefined ? null : perNight * nights);
  for (const list of ['images', 'amenities'] as const)
    if (p[list] === undefined) recordMissing('maps_hotels', `properties[].${list}`, 'the hotel results');
  const sellers = own.flatMap((s) => {
    const total =
      s.total_rate?.extracted_lowest ?? (s.rate_per_night && s.rate_per_night.extracted_lowest * nights);
    return total === undefined ? [] : [total];
  });
  const totals = current === null ? sellers : [current, ...sellers];
  return {
    hotel_id: p.property_token,
    name: p.name,
    location: {
      address: ('address' in p && typeof p.address === 'string' ? p.address : undefined) ?? null,
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

// The properties' class as a number; real ads send `hotel_class` as one, a property's is text.
const Stars = z.number().int().min(1).max(5).optional();

/**
 * A sponsored listing as the contract's hotel, `is_paid`. Its one price is a seller's per night (the
 * service's documentation of `ads[]`), taxes in or not unsaid: the stay's total with taxes, which
 * `current` is, is not stated, so it is null, and so is the highest seller's total. What an ad does not
 * show (address, times, description) is null.
 */
function adToHotel(ad: Ad, currency: string): MapsHotel {
  const perNight = ad.extracted_price;
  // Not a field real ads carry (not declared, so never counted missing), but read and checked if sent.
  const extracted = conform('maps_hotels', Stars, ad.extracted_hotel_class, 'the hotel results', 200);
  return {
    hotel_id: ad.property_token,
    name: ad.name,
    location: {
      address: null,
      latitude: ad.gps_coordinates?.latitude ?? null,
      longitude: ad.gps_coordinates?.longitude ?? null,
    },
    price: {
      current: null,
      regular: null,
      max_price: null,
      currency,
      price_per_night: perNight ?? null,
    },
    rating: ratingOf(ad),
    stars: extracted ?? ad.hotel_class ?? null,
    check_in_time: null,
    check_out_time: null,
    amenities: ad.amenities ?? [],
    images: ad.thumbnail ? [ad.thumbnail] : [],
    description: null,
    is_paid: true,
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

type ListAnswer = z.infer<typeof ListAnswer>;
type OtherAnswer = z.infer<typeof OtherAnswer>;

/** A property with its sellers as its shape declares them (a listed hotel has none). */
interface Priced {
  property: Property | ListedProperty;
  sellers: readonly z.infer<typeof Seller>[];
}

/**
 * A listed property with its sellers: a rental's, read by its schema; a listed hotel has none, and a
 * `prices` it carries anyway is not read (its schema does not check it).
 */
const listedWithSellers = (p: ListedProperty): Priced => ({
  property: p,
  sellers:
    p.type === 'vacation rental' && 'prices' in p ? ((p as z.infer<typeof ListedRental>).prices ?? []) : [],
});

/**
 * The one property of a details answer (a hotel's name): its token at the top level, else the one it was
 * asked with, else the one in the source's own details link (a name search carries it only there).
 */
function detailsProperty(answer: OtherAnswer): Property {
  const token =
    (typeof answer.property_token === 'string' ? answer.property_token : undefined) ??
    answer.search_parameters.property_token ??
    tokenOfLink(answer.serpapi_property_details_link);
  if (!token) throw new ExtractionError('maps_hotels', 'the property details carry no token', undefined, 200);
  return conform('maps_hotels', Property, { ...answer, property_token: token }, 'the property details', 200);
}

/** The one property of a details answer, or none when the search is empty. */
function propertiesOf(answer: OtherAnswer): Property[] {
  const state = answer.search_information?.hotels_results_state ?? '';
  // A hotel's name may answer its details with no results state: a top-level name and details fields.
  const detailsShape =
    typeof answer.name === 'string' &&
    DETAILS_FIELDS.some((f) => (answer as Record<string, unknown>)[f] !== undefined);
  if (/property details/i.test(state) || detailsShape) return [detailsProperty(answer)];
  const error = answer.error ?? undefined;
  if (state === 'Fully empty' || isEmptyResult(error)) return [];
  if (error) throw new UpstreamError('maps_hotels', 'the search answered an error instead of hotels');
  throw new ExtractionError('maps_hotels', 'no properties, property details or empty state', undefined, 200);
}

/**
 * The source's count of the whole search, when it counts what was asked: null when it gives none, or when
 * min_rating is one the source cannot filter by exactly (its filter is coarser, and the count with it),
 * or when the exact filter here left out a property the source counted.
 * @example totalOf({ search_information: { total_results: 118 }, … }, { minRating: 4.2, … }, 0) // null
 */
function totalOf(answer: ListAnswer, s: HotelSearch, filteredOut: number): number | null {
  const exact = s.minRating === undefined || ratingFilterIsExact(s.minRating);
  return exact && filteredOut === 0 ? (answer.search_information?.total_results ?? null) : null;
}

/** How far a sponsored listing may stand from every ranked hotel placed, and still be of this search. */
const NEARBY_METERS = 50_000;

/**
 * The ads placed near the ranked hotels (within NEARBY_METERS of one): an ad for a hotel of another place
 * is left out, counted; an ad without coordinates, or a search whose hotels are not placed, keeps its ads.
 */
function nearby(ads: Ad[], ranked: Priced[]): Ad[] {
  const placed = ranked.flatMap(({ property: p }) => (p.gps_coordinates ? [p.gps_coordinates] : []));
  if (placed.length === 0) return ads;
  const kept = ads.filter(
    (a) => !a.gps_coordinates || placed.some((p) => metersBetween(p, a.gps_coordinates!) <= NEARBY_METERS),
  );
  if (kept.length < ads.length)
    recordSkipped('maps_hotels', 'ads[]', 'the hotel results', ads.length - kept.length);
  return kept;
}

/**
 * A hotels answer (not a failure) as the contract's hotels: the organic properties in the source's
 * ranking, `is_paid: false`, then its sponsored listings (`ads[]`), `is_paid: true`. An ad for a hotel of
 * a listed name is another listing, with its own token and price: the organic result stays unsponsored.
 * An ad whose token is a listed property's is that listing sponsored: flagged there, not listed twice.
 * min_rating applies to both; an ad placed far from every ranked hotel is left out. The count is the
 * source's count of ranked hotels plus the sponsored ones listed.
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
  const list = hasShapeOf(answer, 'properties') ? answer : undefined;
  const rated = (p: { overall_rating?: number | undefined }) =>
    s.minRating === undefined || (p.overall_rating ?? 0) >= s.minRating;
  // Every ad's token flags its listing, whatever min_rating leaves of the ads themselves.
  const adTokens = new Set((list?.ads ?? []).map((a) => a.property_token));
  const nights = nightsOf(s.checkIn, s.checkOut);
  const found: Priced[] = list
    ? list.properties.map(listedWithSellers)
    : propertiesOf(answer as OtherAnswer).map((p) => ({ property: p, sellers: p.prices }));
  const properties = found.filter(({ property: p }) => rated(p));
  const ads = nearby((list?.ads ?? []).filter(rated), found);
  const organic = properties.map((p) =>
    toHotel(p, nights, currency, adTokens.has(p.property.property_token)),
  );
  const listed = new Set(organic.map((h) => h.hotel_id));
  const sponsored = ads.flatMap((a) => {
    if (listed.has(a.property_token)) return [];
    listed.add(a.property_token);
    return [adToHotel(a, currency)];
  });
  const hotels = [...organic, ...sponsored];
  const ranked = list ? totalOf(list, s, found.length - properties.length) : null;
  return {
    hotels: conform('maps_hotels', z.array(MapsHotel), hotels, 'the hotels', 200),
    // The source counts its ranked hotels; the sponsored ones listed here count too, so that the count is
    // never below the answer's own length.
    totalCount: list ? (ranked === null ? null : ranked + sponsored.length) : hotels.length,
    currency,
    searchUrl,
  };
}
