/**
 * Pure readers of chain_b's hotel content (`HotelPageCold`: `hotel{…}`): the hotel's details, amenities,
 * reviews and photos, completed by its index record. Read by the tolerant rule
 * (shared/extraction/tolerant.ts): optional fields may be absent (counted), odd list entries are skipped.
 */
import * as z from 'zod';
import {
  ChainBAmenityCategory,
  ChainBHotelDetails,
  ChainBReview,
  type ChainBBrand,
  type ChainBRating,
} from '../../schemas/chain-b.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { addressOf, CodeLabel, Localization, lodgingOf } from './extract.ts';
import type { Amenity, IndexRecord } from './search-index.ts';
import { text } from '../../extraction/values.ts';
// A format is its URL: a size it does not give is null.
const Format = z.looseObject({
  url: z.string(),
  width: z.number().int().min(0).nullish(),
  height: z.number().int().min(0).nullish(),
});
// A media's kind decides whether it is shown: an empty one is unreadable, not "another kind". Its category
// only files it: a media without one is kept, with a null category, and never matches a category filter.
const Media = z.looseObject({
  category: z.string().min(1).nullish(),
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
  // A review without its score is still a guest's review: kept, with a null rating.
  rating: z.number().nullish(),
  title: z.string().nullish(),
  // A score-only review is still a guest's review: kept, with a null text.
  text: z.string().nullish(),
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
  brand: z.looseObject({ code: z.string(), label: z.string().nullish() }).nullish(),
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
      default: z
        .looseObject({ score: z.number().nullish(), numberOfReviews: z.number().int().nullish() })
        .nullish(),
      reviews: z.looseObject({ items: z.array(Review).nullish() }).nullish(),
    })
    .nullish(),
  localization: Localization,
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
  dataOrRefusal('hotel', Hotel),
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

/**
 * The hotel's guest score with its review count: null when chain_b shows neither, else what it shows of
 * the two (the other null).
 * @example guestRating(hotel) // { score: 4.3, review_count: 412 }
 */
export function guestRating(hotel: HotelContent): ChainBRating {
  const score = hotel.rating?.default?.score ?? null;
  const count = hotel.rating?.default?.numberOfReviews ?? null;
  return score === null && count === null ? null : { score, review_count: count };
}

/**
 * The hotel's brand in the contract's terms: null when the content shows none, its name null when only the
 * code is shown.
 * @example brandOf({ brand: { code: 'PTN' } }) // { code: 'PTN', name: null }
 */
export function brandOf(hotel: Pick<HotelContent, 'brand'>): ChainBBrand {
  return hotel.brand ? { code: hotel.brand.code, name: text(hotel.brand.label) } : null;
}

/**
 * A media's largest format (by area), or undefined when it lists none.
 * @example largest(hotel.medias.items[0])?.url // 'https://…/k7q2_0_2048x1536.jpg'
 */
export function largest(media: z.infer<typeof Media>) {
  // A format that does not give its size ranks after every sized one (the first when none is sized).
  const area = (f: z.infer<typeof Format>) => (f.width != null && f.height != null ? f.width * f.height : -1);
  return (media.availableFormats ?? []).reduce<z.infer<typeof Format> | undefined>(
    (best, f) => (!best || area(f) > area(best) ? f : best),
    undefined,
  );
}

/**
 * The hotel's details in the contract's terms, from its content and its index record (lodging type).
 * @example toDetails(hotel, record, 'https://all.chain-b.test').check_in_time // '15:00'
 */
export function toDetails(hotel: HotelContent, record: IndexRecord, siteBase: string): ChainBHotelDetails {
  const gps = hotel.localization?.gps;
  const mainPhoto = (hotel.medias?.items ?? [])
    .filter((m) => m.type === 'IMAGE')
    .map(largest)
    .find(Boolean);
  return conform(
    'chain_b',
    ChainBHotelDetails,
    {
      name: hotel.name,
      brand: brandOf(hotel),
      lodging: lodgingOf(record?.lodging),
      stars: hotel.rating?.stars ?? null,
      description: text(hotel.V2description?.general),
      address: addressOf(hotel.localization),
      location: gps ? { latitude: gps.lat, longitude: gps.lng } : null,
      contact: {
        phone: text(hotel.contact?.phone?.number?.formatted?.international),
        email: text(hotel.contact?.email),
        // The hotel's own page on the chain's site.
        website: `${siteBase}/hotel/${encodeURIComponent(hotel.id)}/index.en.shtml`,
      },
      check_in_time: clockTime(hotel.formattedCheckIn),
      check_out_time: clockTime(hotel.formattedCheckOut),
      rating: guestRating(hotel),
      main_photo_url: mainPhoto?.url ?? null,
      top_amenities: (hotel.topAmenities ?? []).map((a) => ({ code: a.code, label: a.label })),
      room_type_count: hotel.accommodations ? hotel.accommodations.length : null,
    },
    'the hotel details',
  );
}

/**
 * A code (a category's, an amenity's) as a label.
 * @example labelOf('MEETING_ROOM') // 'Meeting room'
 */
export const labelOf = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');

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
  const add = (a: Amenity, paid: boolean | null) => {
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
  const items = hotel.rating?.reviews?.items;
  // A hotel whose score counts reviews but whose answer lost the list is a changed format, not one
  // without reviews (that is a count of 0, or a list shown empty).
  if (!items && (hotel.rating?.default?.numberOfReviews ?? 0) > 0)
    throw new ExtractionError('chain_b', 'a reviewed hotel without its reviews list');
  const reviews = (items ?? []).slice(0, limit).map((r) =>
    conform(
      'chain_b',
      ChainBReview,
      {
        author: text(r.author),
        rating: r.rating ?? null,
        title: text(r.title),
        text: text(r.text),
        date: /^\d{4}-\d{2}-\d{2}/.exec(r.date ?? '')?.[0] ?? null,
        trip_type: text(r.tripType),
        // The hotel's answer to a review is not in the answers on record.
        hotel_response: null,
      },
      'a review',
    ),
  );
  return { rating: guestRating(hotel), reviews };
}
