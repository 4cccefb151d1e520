/**
 * Pure readers of chain_b's answers: the search index's hits and records (`objectID`, `name`, `brand`,
 * `brandLabel`, `lodging`, `stars`, `rating{score, nbReviews}`, `localization{address, gps}`,
 * `freeAmenities`, `paidAmenities`), the back end's `HotelPageHot` offers
 * (`hotelOffers{availability{status}, offersSelection{offers[]}}`, one per room type and rate plan) and
 * its `HotelPageCold` hotel content (`hotel{…}`). Every answer is read by the tolerant rule
 * (shared/upstream/tolerant.ts): optional fields may be absent (counted), odd list entries are skipped.
 */
import * as z from 'zod';
import {
  BestOffer,
  ChainBAmenityCategory,
  ChainBCalendarDay,
  ChainBHotel,
  ChainBHotelDetails,
  ChainBPhoto,
  ChainBReview,
  ChainBRooms,
  type ChainBRate,
  type ChainBRoomType,
} from '../../schemas/chain-b.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { recordSkipped, tolerant } from '../../upstream/tolerant.ts';
import type { Centre } from './places.ts';

// Coordinates come as numbers or as numeric strings; out of range, they place nothing anywhere.
const coordinate = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));

const Hit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  brand: z.string(),
  brandLabel: z.string(),
  lodging: z.looseObject({ code: z.string(), label: z.string() }).nullish(),
  stars: z.number(),
  rating: z.looseObject({ score: z.number().nullish(), nbReviews: z.number().int().nullish() }).nullish(),
  localization: z.looseObject({
    address: z.looseObject({
      street: z.string().nullish(),
      zipCode: z.string().nullish(),
      city: z.string(),
      country: z.string(),
      countryCode: z.string(),
    }),
    gps: z.looseObject({ lat: coordinate(90), lng: coordinate(180) }).nullish(),
  }),
  freeAmenities: z.array(z.union([z.string(), z.looseObject({ code: z.string() })])).nullish(),
  _rankingInfo: z.looseObject({ geoDistance: z.number().min(0).optional() }).optional(),
});
export type Hit = z.infer<typeof Hit>;

export const IndexAnswer = tolerant(
  'chain_b',
  z.union([
    z.looseObject({ hits: z.array(Hit), message: z.string().optional() }),
    // The index's own error answer (a missing index, a refused key) has a message instead.
    z.looseObject({ hits: z.undefined().optional(), message: z.string() }),
  ]),
  'the search index answer',
);
export type IndexAnswer = z.infer<typeof IndexAnswer>;

const CodeLabel = z.looseObject({ code: z.string(), label: z.string() });

const Offer = z.looseObject({
  /** ROOM or PACKAGE. */
  type: z.string().nullish(),
  // The room the offer is for, its currency and meal plan: codes an empty text cannot stand for.
  accommodation: z.looseObject({ code: z.string().min(1) }).nullish(),
  pricing: z.looseObject({
    currency: z.string().min(1),
    aggregationType: z.string().nullish(),
    formattedTaxType: z.string().nullish(),
    main: z.looseObject({
      // A price below zero is no price: the source changed, never an offer left out as unpriced.
      amount: z.number().min(0),
      formattedAmount: z.string(),
      categories: z.array(z.string()).nullish(),
      simplifiedPolicies: z
        .looseObject({ cancellation: CodeLabel.nullish(), guarantee: CodeLabel.nullish() })
        .nullish(),
    }),
    deduction: z.array(z.looseObject({ type: z.string().nullish() })).nullish(),
    alternative: z
      .looseObject({ amount: z.number().nullish(), formattedAmount: z.string().nullish() })
      .nullish(),
  }),
  mealPlan: z.looseObject({ code: z.string().min(1) }),
  lengthOfStay: z.looseObject({ value: z.number().int().min(1) }).nullish(),
  rate: z.looseObject({ id: z.string(), label: z.string().nullish() }).nullish(),
});
type Offer = z.infer<typeof Offer>;

const GraphQLError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

/** An available hotel's offers are what its price is read from: without them the answer says nothing
 * about the price (never "no offer"). Any other status needs none. */
const HotelOffers = z.union([
  z.looseObject({
    availability: z.looseObject({ status: z.literal('AVAILABLE') }),
    offersSelection: z.looseObject({ offers: z.array(Offer) }),
  }),
  z.looseObject({
    // An empty status says nothing, least of all that the hotel is not available.
    availability: z.looseObject({
      status: z
        .string()
        .min(1)
        .refine((s) => s !== 'AVAILABLE'),
    }),
    offersSelection: z.looseObject({ offers: z.array(Offer).nullish() }).nullish(),
  }),
]);

export const OffersAnswer = tolerant(
  'chain_b',
  // The hotel's offers are what every offers route answers from: an answer has them, or it is a
  // refusal (errors).
  z.union([
    z.looseObject({
      data: z.looseObject({ hotelOffers: HotelOffers }),
      errors: z.array(GraphQLError).optional(),
    }),
    z.looseObject({
      data: z.looseObject({ hotelOffers: z.null().optional() }).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]),
  'the offers',
);
export type OffersAnswer = z.infer<typeof OffersAnswer>;

/** A hit placed around the search centre: metres away, from the hit's own coordinates. */
export interface Candidate {
  hit: Hit;
  meters: number;
}

/** Great-circle distance in metres. @example metersBetween({ latitude: 48.85, longitude: 2.35 }, { latitude: 48.86, longitude: 2.35 }) // ≈ 1112 */
export function metersBetween(a: Centre, b: Centre): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The hits within the radius, nearest first, each with its distance from the centre: from the hit's
 * coordinates, else the index's own geo distance; a hit with neither cannot be placed and is left out.
 * @example candidates(answer.hits, { latitude: 48.85, longitude: 2.35 }, 5_000)[0].meters // 412
 */
export function candidates(hits: Hit[], centre: Centre, radiusMeters: number): Candidate[] {
  let unplaced = 0;
  const placed = hits
    .flatMap((hit) => {
      const gps = hit.localization.gps;
      const meters = gps
        ? metersBetween(centre, { latitude: gps.lat, longitude: gps.lng })
        : hit._rankingInfo?.geoDistance;
      if (meters === undefined) {
        unplaced += 1;
        recordSkipped('chain_b', 'hits[]', 'the search index answer');
      }
      return meters === undefined || meters > radiusMeters ? [] : [{ hit, meters }];
    })
    .sort((a, b) => a.meters - b.meters);
  // Hits none of which can be placed prove nothing about the radius: never "no hotel there".
  if (hits.length > 0 && unplaced === hits.length)
    throw new ExtractionError('chain_b', 'no hit of the search index carries coordinates or a distance');
  return placed;
}

/**
 * The back end's refusal for one hotel, as an upstream error naming the operation; nothing otherwise.
 * @example offersRefusal({ errors: [{ message: 'Hotel not found' }] }, 'B7K2', 200)?.message
 */
export function offersRefusal(
  answer: OffersAnswer,
  hotelId: string,
  status: number,
): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error && answer.data?.hotelOffers) return undefined;
  return new UpstreamError(
    'chain_b',
    `HotelPageHot for hotel ${hotelId} was refused: ${error?.message ?? 'no hotelOffers'}`,
    status,
  );
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A member rate: the main price is for loyalty members (the public one is `alternative`). */
const isMemberRate = (o: Offer) =>
  (o.pricing.main.categories ?? []).includes('MEMBER_RATE') ||
  (o.pricing.deduction ?? []).some((d) => d.type === 'MEMBER_RATE');
const isPackage = (o: Offer) => o.type === 'PACKAGE';

/**
 * An offer's price per night and for the stay. An amount aggregated per night is the nightly price; any
 * other aggregation, or none given (clients on record read the amount as the stay's), is the total.
 */
function priceOf(o: Offer, nights: number) {
  const { amount } = o.pricing.main;
  const aggregation = o.pricing.aggregationType ?? null;
  const nightly = aggregation !== null && /NIGHT/i.test(aggregation);
  return {
    per_night: nightly ? amount : round(amount / nights),
    total: nightly ? round(amount * nights) : amount,
    aggregation_type: aggregation,
  };
}

/** Whether chain_b says the hotel is available for the stay (whether or not an offer carries a price). */
export const isAvailable = (answer: OffersAnswer) =>
  answer.data?.hotelOffers?.availability.status === 'AVAILABLE';

/** The offers of an available hotel that carry a price (a zero amount is none). */
function pricedOffers(answer: OffersAnswer): Offer[] {
  const offers = answer.data?.hotelOffers;
  if (offers?.availability.status !== 'AVAILABLE') return [];
  return (offers.offersSelection?.offers ?? []).filter((o) => o.pricing.main.amount > 0);
}

/**
 * The offer a best price is read from: the cheapest one anyone can book, so never a package or a
 * members-only rate unless nothing else is offered.
 */
function bestOf(offers: Offer[], nights: number): Offer | undefined {
  const open = offers.filter((o) => !isPackage(o) && !isMemberRate(o));
  return (open.length ? open : offers).reduce<Offer | undefined>(
    (min, o) => (!min || priceOf(o, nights).total < priceOf(min, nights).total ? o : min),
    undefined,
  );
}

/**
 * The best offer of an available hotel for a stay of `nights`, or null: the cheapest that is neither a
 * package nor a members-only rate, unless only those are offered.
 * @example bestOffer(answer, 2) // { currency: 'EUR', amount: 270.14, per_night: 135.07, total: 270.14, aggregation_type: 'TOTAL_STAY', … }
 */
export function bestOffer(answer: OffersAnswer, nights: number): BestOffer | null {
  const best = bestOf(pricedOffers(answer), nights);
  if (!best) return null;
  const stayNights = best.lengthOfStay?.value ?? nights;
  return conform(
    'chain_b',
    BestOffer,
    {
      currency: best.pricing.currency,
      amount: best.pricing.main.amount,
      ...priceOf(best, stayNights),
      formatted: best.pricing.main.formattedAmount,
      tax_summary: best.pricing.formattedTaxType ?? '',
      meal_plan: best.mealPlan.code,
      nights: stayNights,
    },
    'the best offer',
  );
}

/**
 * A hotel in the contract's terms, from its hit, its distance, whether chain_b says it is available and
 * its best offer: an available hotel without a priced offer is AVAILABLE with no offer, never UNAVAILABLE.
 * @example toHotel({ hit, meters: 412.4 }, true, offer).distance_feet // 1352
 */
export function toHotel(
  { hit, meters }: Candidate,
  available: boolean,
  offer: BestOffer | null,
): ChainBHotel {
  const address = hit.localization.address;
  const distance = Math.round(meters);
  return conform(
    'chain_b',
    ChainBHotel,
    {
      id: hit.objectID,
      name: hit.name,
      brand: { code: hit.brand, name: hit.brandLabel },
      lodging: hit.lodging ? { code: hit.lodging.code, name: hit.lodging.label } : null,
      stars: hit.stars,
      rating: hit.rating?.score ?? null,
      review_count: hit.rating?.nbReviews ?? null,
      amenities: (hit.freeAmenities ?? []).map((a) => (typeof a === 'string' ? a : a.code)),
      address: {
        street: address.street ?? '',
        city: address.city,
        postal_code: address.zipCode ?? '',
        country: address.country,
        country_code: address.countryCode,
      },
      distance_meters: distance,
      distance_feet: Math.round(distance * 3.28084),
      availability_status: available ? 'AVAILABLE' : 'UNAVAILABLE',
      best_offer: offer,
    },
    'a hotel',
  );
}

// ——— The hotel's index record (lodging type, free and paid amenities) ———

const Amenity = z.union([z.string(), z.looseObject({ code: z.string(), label: z.string().nullish() })]);

/** One record of the search index, or null for the index's 404 (a hotel it does not list). */
export const IndexRecord = tolerant(
  'chain_b',
  z
    .looseObject({
      objectID: z.string(),
      lodging: z.looseObject({ code: z.string(), label: z.string() }).nullish(),
      freeAmenities: z.array(Amenity).nullish(),
      paidAmenities: z.array(Amenity).nullish(),
    })
    .nullable(),
  'the index record',
);
export type IndexRecord = z.infer<typeof IndexRecord>;

// ——— The hotel's content (`HotelPageCold`) ———

const Format = z.looseObject({
  url: z.string(),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
});
// A media's kind and category decide whether it is shown: an empty one is unreadable, not "another kind".
const Media = z.looseObject({
  category: z.string().min(1),
  type: z.string().min(1),
  availableFormats: z.array(Format).nullish(),
  video: z
    .looseObject({
      embeddedUrl: z.string().nullish(),
      downloadUrl: z.string().nullish(),
      previewUrl: z.string().nullish(),
    })
    .nullish(),
});
const Review = z.looseObject({
  author: z.string().nullish(),
  rating: z.number(),
  title: z.string().nullish(),
  text: z.string(),
  date: z.string().nullish(),
  tripType: z.string().nullish(),
});
const Accommodation = z.looseObject({
  code: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  maxOccupancy: z.looseObject({ pax: z.number().int().min(0).nullish() }).nullish(),
  beddingDetails: z.array(z.looseObject({ count: z.number().int().nullish(), label: z.string() })).nullish(),
  surface: z.looseObject({ squareMeter: z.number().min(0).nullish() }).nullish(),
});
const Facility = z.looseObject({
  code: z.string().nullish(),
  name: z.string(),
  description: z.string().nullish(),
});
const Facilities = z.looseObject({ items: z.array(Facility).nullish() });

const Hotel = z.looseObject({
  id: z.string(),
  name: z.string(),
  brand: z.looseObject({ code: z.string(), label: z.string() }),
  V2description: z.looseObject({ general: z.string().nullish() }).nullish(),
  topAmenities: z.array(CodeLabel).nullish(),
  contact: z
    .looseObject({
      phone: z
        .looseObject({
          number: z
            .looseObject({ formatted: z.looseObject({ international: z.string().nullish() }).nullish() })
            .nullish(),
        })
        .nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
  rating: z
    .looseObject({
      stars: z.number().nullish(),
      default: z.looseObject({ score: z.number(), numberOfReviews: z.number().int().nullish() }).nullish(),
      reviews: z.looseObject({ items: z.array(Review).nullish() }).nullish(),
    })
    .nullish(),
  localization: z
    .looseObject({
      address: z
        .looseObject({
          street: z.string().nullish(),
          zipCode: z.string().nullish(),
          city: z.string().nullish(),
          country: z.string().nullish(),
          countryCode: z.string().nullish(),
        })
        .nullish(),
      gps: z.looseObject({ lat: coordinate(90), lng: coordinate(180) }).nullish(),
    })
    .nullish(),
  formattedCheckIn: z.string().nullish(),
  formattedCheckOut: z.string().nullish(),
  medias: z.looseObject({ items: z.array(Media).nullish() }).nullish(),
  accommodations: z.array(Accommodation).nullish(),
  v2facilities: z
    .looseObject({
      breakfasts: Facility.nullish(),
      fitnessCenters: Facility.nullish(),
      pools: Facility.nullish(),
      restaurants: Facilities.nullish(),
      bars: Facilities.nullish(),
      spas: Facilities.nullish(),
    })
    .nullish(),
});
export type HotelContent = z.infer<typeof Hotel>;

export const ContentAnswer = tolerant(
  'chain_b',
  // The hotel is what every content route answers from: an answer has it, or it is a refusal (errors).
  z.union([
    z.looseObject({ data: z.looseObject({ hotel: Hotel }), errors: z.array(GraphQLError).optional() }),
    z.looseObject({
      data: z.looseObject({ hotel: z.null().optional() }).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]),
  'the hotel content',
);
export type ContentAnswer = z.infer<typeof ContentAnswer>;

const NOT_FOUND = /not[ _]found|unknown hotel/i;

/**
 * The hotel of a content answer; undefined when chain_b does not know the id (no hotel, and every error
 * says so); an upstream error naming the operation for any other refusal.
 * @example hotelOf(answer, 'K7Q2', 200)?.name // 'Nordhaven Lodge Lorvane'
 */
export function hotelOf(answer: ContentAnswer, hotelId: string, status: number): HotelContent | undefined {
  const hotel = answer.data?.hotel;
  if (hotel) return hotel;
  const errors = answer.errors ?? [];
  // Neither a hotel nor a refusal: the answer lost its structure.
  if (errors.length === 0)
    throw new ExtractionError(
      'chain_b',
      'the hotel content has neither a hotel nor errors',
      undefined,
      status,
    );
  if (errors.every((e) => NOT_FOUND.test(e.extensions?.code ?? '') || NOT_FOUND.test(e.message)))
    return undefined;
  throw new UpstreamError(
    'chain_b',
    `HotelPageCold for hotel ${hotelId} was refused: ${errors[0]!.message}`,
    status,
  );
}

const text = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/**
 * A time as the site formats it (`15:00`, `3:00 PM`, `3 PM`, `15h00`) as HH:MM, or null.
 * @example clockTime('3:00 PM') // '15:00'
 */
export function clockTime(value: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2})(?:[:hH.](\d{2}))?\s*([AaPp])?\.?\s*[Mm]?\.?\s*$/.exec(value ?? '');
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  const half = m[3]?.toUpperCase();
  if (half && (hours < 1 || hours > 12)) return null;
  if (half === 'P' && hours < 12) hours += 12;
  if (half === 'A' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A media's largest format (by area), or undefined when it lists none. */
function largest(media: z.infer<typeof Media>) {
  return (media.availableFormats ?? []).reduce<z.infer<typeof Format> | undefined>(
    (best, f) => (!best || f.width * f.height > best.width * best.height ? f : best),
    undefined,
  );
}

/**
 * The hotel's details in the contract's terms, from its content and its index record (lodging type).
 * @example toDetails(hotel, record, 'https://all.chain-b.test').check_in_time // '15:00'
 */
export function toDetails(hotel: HotelContent, record: IndexRecord, siteBase: string): ChainBHotelDetails {
  const address = hotel.localization?.address;
  const gps = hotel.localization?.gps;
  const score = hotel.rating?.default;
  const mainPhoto = (hotel.medias?.items ?? [])
    .filter((m) => m.type === 'IMAGE')
    .map(largest)
    .find(Boolean);
  return conform(
    'chain_b',
    ChainBHotelDetails,
    {
      name: hotel.name,
      brand: { code: hotel.brand.code, name: hotel.brand.label },
      lodging: record?.lodging ? { code: record.lodging.code, name: record.lodging.label } : null,
      stars: hotel.rating?.stars ?? null,
      description: text(hotel.V2description?.general),
      address: {
        street: text(address?.street),
        city: text(address?.city),
        postal_code: text(address?.zipCode),
        country: text(address?.country),
        country_code: text(address?.countryCode)?.toUpperCase() ?? null,
      },
      location: gps ? { latitude: gps.lat, longitude: gps.lng } : null,
      contact: {
        phone: text(hotel.contact?.phone?.number?.formatted?.international),
        email: text(hotel.contact?.email),
        // The hotel's own page on the chain's site.
        website: `${siteBase}/hotel/${encodeURIComponent(hotel.id)}/index.en.shtml`,
      },
      check_in_time: clockTime(hotel.formattedCheckIn),
      check_out_time: clockTime(hotel.formattedCheckOut),
      rating: score ? { score: score.score, review_count: score.numberOfReviews ?? null } : null,
      main_photo_url: mainPhoto?.url ?? null,
      top_amenities: (hotel.topAmenities ?? []).map((a) => ({ code: a.code, label: a.label })),
      room_type_count: hotel.accommodations ? hotel.accommodations.length : null,
    },
    'the hotel details',
  );
}

/** A code (a category's, an amenity's) as a label: `MEETING_ROOM` → `Meeting room`. */
const labelOf = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');

const codeOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The facility groups of the hotel's content, as amenity categories. */
const FACILITY_GROUPS = [
  ['breakfasts', 'BREAKFAST', 'Breakfast'],
  ['fitnessCenters', 'FITNESS', 'Fitness'],
  ['pools', 'POOL', 'Pools'],
  ['restaurants', 'RESTAURANT', 'Restaurants'],
  ['bars', 'BAR', 'Bars'],
  ['spas', 'SPA', 'Spas'],
] as const;

/**
 * The hotel's amenities by category: its services (top amenities and the index's free and paid
 * amenities, `paid` known only from the index) then one category per facility group it has (breakfast,
 * fitness, pools, restaurants, bars, spas, each place with its description). Empty categories are left out.
 * @example toAmenities(hotel, record)[0] // { code: 'SERVICES', label: 'Services', amenities: [{ code: 'WIFI', label: 'Wifi', paid: false, details: null }, …] }
 */
export function toAmenities(hotel: HotelContent, record: IndexRecord): ChainBAmenityCategory[] {
  const services = new Map<string, { code: string; label: string; paid: boolean | null; details: null }>();
  const add = (a: z.infer<typeof Amenity>, paid: boolean | null) => {
    const code = typeof a === 'string' ? a : a.code;
    // Without a label of its own, an amenity is named from its code (`FREE_PARKING` → `Free parking`).
    const label =
      (typeof a === 'string' ? null : text(a.label)) ?? services.get(code)?.label ?? labelOf(code);
    services.set(code, { code, label, paid: paid ?? services.get(code)?.paid ?? null, details: null });
  };
  for (const a of hotel.topAmenities ?? []) add(a, null);
  for (const a of record?.freeAmenities ?? []) add(a, false);
  for (const a of record?.paidAmenities ?? []) add(a, true);
  const facilities = hotel.v2facilities;
  const groups = FACILITY_GROUPS.map(([key, code, label]) => {
    const group = facilities?.[key];
    // A group with a name is one place; otherwise it lists its places (or, without items, none).
    const items = !group ? [] : 'name' in group ? [group] : (group.items ?? []);
    return {
      code,
      label,
      amenities: (items as z.infer<typeof Facility>[]).map((f) => ({
        code: text(f.code) ?? codeOf(f.name),
        label: f.name,
        paid: null,
        details: text(f.description),
      })),
    };
  });
  const categories = [{ code: 'SERVICES', label: 'Services', amenities: [...services.values()] }, ...groups];
  return categories
    .filter((c) => c.amenities.length > 0)
    .map((c) => conform('chain_b', ChainBAmenityCategory, c, 'an amenity category'));
}

/**
 * The hotel's guest score and its first `limit` reviews (the source gives at most 20).
 * @example toReviews(hotel, 20).reviews[0].date // '2026-09-14'
 */
export function toReviews(hotel: HotelContent, limit: number) {
  const score = hotel.rating?.default;
  const reviews = (hotel.rating?.reviews?.items ?? []).slice(0, limit).map((r) =>
    conform(
      'chain_b',
      ChainBReview,
      {
        author: text(r.author),
        rating: r.rating,
        title: text(r.title),
        text: r.text.trim(),
        date: /^\d{4}-\d{2}-\d{2}/.exec(r.date ?? '')?.[0] ?? null,
        trip_type: text(r.tripType),
        // The hotel's answer to a review is not in the answers on record.
        hotel_response: null,
      },
      'a review',
    ),
  );
  return {
    rating: score ? { score: score.score, review_count: score.numberOfReviews ?? null } : null,
    reviews,
  };
}

export interface PhotoFilter {
  /** Category codes to keep; all when undefined. */
  categories?: string[] | undefined;
  includeVideos: boolean;
}

/**
 * The hotel's photos (and videos) in the contract's terms, each with its largest format as `url`; a
 * media without any format is left out (counted as skipped). `categories` labels the categories present.
 * The medias are what this answer is: content without them, or whose every media lacks its formats, is
 * the source's changed format (an extraction error), never a hotel without photos.
 * @example toPhotos(hotel, { includeVideos: false }).photos[0].url // 'https://…/k7q2_0_2048x1536.jpg'
 */
export function toPhotos(hotel: HotelContent, filter: PhotoFilter) {
  if (hotel.medias === undefined || (hotel.medias !== null && hotel.medias.items === undefined))
    throw new ExtractionError('chain_b', 'the hotel content has no medias');
  const medias = hotel.medias?.items ?? [];
  const unformatted = medias.filter((m) => !largest(m)).length;
  if (unformatted > 0 && unformatted === medias.length)
    throw new ExtractionError('chain_b', 'no media of the hotel content has a format');
  if (unformatted > 0) recordSkipped('chain_b', 'medias.items[]', 'the hotel content', unformatted);
  const photos = medias.flatMap((m) => {
    const type = m.type.toUpperCase();
    if (type !== 'IMAGE' && type !== 'VIDEO') return [];
    if (type === 'VIDEO' && !filter.includeVideos) return [];
    if (filter.categories && !filter.categories.includes(m.category.toUpperCase())) return [];
    const top = largest(m);
    if (!top) return [];
    return [
      conform(
        'chain_b',
        ChainBPhoto,
        {
          category: m.category.toUpperCase(),
          type,
          url: top.url,
          formats: (m.availableFormats ?? []).map((f) => ({ url: f.url, width: f.width, height: f.height })),
          video: m.video
            ? {
                embedded_url: text(m.video.embeddedUrl),
                download_url: text(m.video.downloadUrl),
                preview_url: text(m.video.previewUrl),
              }
            : null,
        },
        'a photo',
      ),
    ];
  });
  const categories = Object.fromEntries(photos.map((p) => [p.category, labelOf(p.category)]));
  return { name: hotel.name, photos, categories };
}

/** A rate in the contract's terms, from one offer. */
function toRate(o: Offer, nights: number): ChainBRate {
  const policies = o.pricing.main.simplifiedPolicies;
  return {
    rate_code: o.rate?.id ?? `${o.accommodation?.code ?? ''}-${o.mealPlan.code}`,
    rate_label: text(o.rate?.label),
    ...priceOf(o, o.lengthOfStay?.value ?? nights),
    reference_formatted: text(o.pricing.alternative?.formattedAmount),
    meal_plan: o.mealPlan.code,
    cancellation_code: text(policies?.cancellation?.code),
    cancellation_label: text(policies?.cancellation?.label),
    guarantee_code: text(policies?.guarantee?.code),
    guarantee_label: text(policies?.guarantee?.label),
    is_member_rate: isMemberRate(o),
    is_package: isPackage(o),
  };
}

/**
 * The hotel's room types with their rates for the stay: each offer joined to its room type on the
 * accommodation code (an offer for a room the hotel does not describe is left out and counted; when no
 * priced offer joins, an extraction error, never a hotel without rooms), rates cheapest
 * first, room types in the hotel's order; only room types with a rate. Sold out: UNAVAILABLE, no rooms.
 * @example toRooms(hotel, offers, { nights: 2, currency: 'EUR' }).room_types[0].rates[0].total // 253.26
 */
export function toRooms(
  hotel: HotelContent,
  answer: OffersAnswer,
  stay: { nights: number; currency: string },
): ChainBRooms {
  const available = isAvailable(answer);
  const priced = pricedOffers(answer);
  const described = new Set((hotel.accommodations ?? []).map((a) => a.code));
  const unjoined = priced.filter((o) => !o.accommodation || !described.has(o.accommodation.code)).length;
  // Priced offers of which none names a room the hotel describes: the join is lost, not the rooms.
  if (available && unjoined > 0 && unjoined === priced.length)
    throw new ExtractionError('chain_b', 'no priced offer names a room type of the hotel content');
  if (unjoined > 0)
    recordSkipped('chain_b', 'data.hotelOffers.offersSelection.offers[]', 'the offers', unjoined);
  const roomTypes: ChainBRoomType[] = (hotel.accommodations ?? []).flatMap((a) => {
    const rates = priced
      .filter((o) => o.accommodation?.code === a.code)
      .map((o) => toRate(o, stay.nights))
      .sort((x, y) => x.total - y.total);
    if (rates.length === 0) return [];
    const bedding = (a.beddingDetails ?? [])
      .map((b) => (b.count && b.count > 1 ? `${b.count} ${b.label}` : b.label))
      .join(', ');
    return [
      {
        accommodation_code: a.code,
        name: a.name,
        description: text(a.description),
        max_occupancy: a.maxOccupancy?.pax ?? null,
        bedding: text(bedding),
        surface_sqm: a.surface?.squareMeter ?? null,
        rates,
      },
    ];
  });
  return conform(
    'chain_b',
    ChainBRooms,
    {
      currency: priced[0]?.pricing.currency ?? stay.currency,
      availability_status: available ? 'AVAILABLE' : 'UNAVAILABLE',
      room_types: available ? roomTypes : [],
    },
    'the rooms',
  );
}

/**
 * One check-in date of a price calendar: the best offer (as search picks it) of a stay of `nights`
 * from `date`; a date chain_b says is not available is UNAVAILABLE, an available one without a readable
 * price is AVAILABLE with no amount (never UNAVAILABLE).
 * @example calendarDay(answer, '2030-06-10', 1) // { date: '2030-06-10', status: 'AVAILABLE', amount: 135.5, …, currency: 'EUR' }
 */
export function calendarDay(answer: OffersAnswer, date: string, nights: number) {
  const available = isAvailable(answer);
  const best = bestOffer(answer, nights);
  const day = conform(
    'chain_b',
    ChainBCalendarDay,
    {
      date,
      status: available ? 'AVAILABLE' : 'UNAVAILABLE',
      amount: best?.amount ?? null,
      formatted: best?.formatted ?? null,
      aggregation_type: best?.aggregation_type ?? null,
      nights: best?.nights ?? nights,
    },
    'a calendar date',
  );
  return { ...day, currency: best?.currency ?? null };
}
