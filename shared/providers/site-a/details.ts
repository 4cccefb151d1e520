/**
 * A site_a hotel's static facts from its page (real-sources §16 site_a, hotel details): the Apollo cache's
 * Property, BasicPropertyData and propertyFullExtended first, the JSON-LD `Hotel` where the cache lacks a
 * field (name, description, address, review score, image) and for the postal code, which only it carries.
 * Argument-keyed fields (`highlights(…)`, `facilities(…)`, `propertyGallery(…)`) are moved under fixed
 * names first (`detailsView`), so that the tolerant schema reads one plain object.
 */
import * as z from 'zod';
import type { SiteAHotelDetails } from '../../schemas/site-a-hotel.ts';
import { recordMissing, recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import { valueAt as at } from '../../extraction/values.ts';
import { fieldByPrefix } from './apollo.ts';
import type { HotelPageData } from './hotel-page.ts';
import { photoUrl } from './urls.ts';

const id = z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]);

const Facility = z.looseObject({
  id: z.number().int(),
  groupId: z.number().int().nullish(),
  instances: z.array(z.looseObject({ title: z.string().min(1) })).nullish(),
});
/**
 * A highlight is a facility, read for its name only (its id, where shown, also makes it a facility), or a
 * meal (`{__typename: "Meal", mealType}`, 31 of 38 real pages), which has neither id nor instances.
 */
const MealHighlight = z.looseObject({ __typename: z.literal('Meal'), mealType: z.string().min(1) });
// A meal that lost its type is not read as a facility without one.
const FacilityHighlight = Facility.extend({
  __typename: z.string().optional(),
  id: z.number().int().optional(),
}).refine((h) => h.__typename !== 'Meal' && !('mealType' in h), 'a meal is not a facility');
const Highlight = z.union([MealHighlight, FacilityHighlight]);
const isMeal = (h: z.output<typeof Highlight>): h is z.output<typeof MealHighlight> =>
  h.__typename === 'Meal';
const TimeRange = z.looseObject({
  fromFormatted: z.string().nullish(),
  untilFormatted: z.string().nullish(),
});
const Meal = z.looseObject({
  mealType: z.string().min(1),
  price: z.string().nullish(),
  attributes: z
    .looseObject({
      style: z.array(z.string()).nullish(),
      cuisine: z.array(z.string()).nullish(),
      foodScore: z
        .looseObject({ score: z.number().min(0).max(10), nReviews: z.number().int().min(0).nullish() })
        .nullish(),
    })
    .nullish(),
});

/** The details view of a hotel page, read by the tolerant rule: the name identifies it, the rest may go. */
export const DetailsView = tolerant(
  'site_a',
  z.looseObject({
    hotelId: id,
    name: z.string().min(1),
    pageName: z.string().nullish(),
    location: z
      .looseObject({
        formattedAddress: z.string().nullish(),
        city: z.string().nullish(),
        countryCode: z
          .string()
          .regex(/^[a-zA-Z]{2}$/)
          .nullish(),
        latitude: z.number().min(-90).max(90).nullish(),
        longitude: z.number().min(-180).max(180).nullish(),
      })
      .nullish(),
    starRating: z
      .looseObject({ value: z.number().min(0).max(5), symbol: z.enum(['STARS', 'TILES']).nullish() })
      .nullish(),
    accommodationType: z.looseObject({ type: z.string().min(1) }).nullish(),
    description: z.string().nullish(),
    checkin: TimeRange.nullish(),
    checkout: TimeRange.nullish(),
    pets: z.enum(['YES', 'NO', 'UPON_REQUEST']).nullish(),
    children: z
      .looseObject({
        allowChildren: z.boolean().nullish(),
        minChildrenAge: z.number().int().min(0).nullish(),
        allowCribs: z.boolean().nullish(),
        allowExtraBeds: z.boolean().nullish(),
      })
      .nullish(),
    acceptedCreditCards: z.array(z.looseObject({ name: z.string().min(1) })).nullish(),
    hotelAcceptsCashStatus: z.string().nullish(),
    highlights: z.array(Highlight).nullish(),
    facilities: z.array(Facility).nullish(),
    meals: z.array(Meal).nullish(),
    languageCodes: z.array(z.string()).nullish(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullish(),
    totalScore: z
      .looseObject({ score: z.number().min(0).max(10), reviewsCount: z.number().int().min(0).nullish() })
      .nullish(),
    postalCode: z.string().nullish(),
    mainPhoto: z.string().nullish(),
  }),
  'the hotel page',
);
export type DetailsView = z.output<typeof DetailsView>;

type Loose = Record<string, unknown> | undefined;
/** A value only where the page shows one: null where it says "none" stays null, absent stays absent. */
const first = (...values: unknown[]) => values.find((v) => v !== undefined);

/**
 * The plain object the details reader reads, from a page's cache entries and JSON-LD (its second reader).
 * @example detailsView(hotelPageData(html), 'https://images.site-a.test').name
 */
export function detailsView(page: HotelPageData, imageBase?: string): Record<string, unknown> {
  const property = page.property as Loose;
  const extended = page.extended as Loose;
  const ld = page.jsonLd as Loose;
  const basic = (first(at(property, 'basicPropertyData'), at(extended, 'basicPropertyData')) ?? {}) as Loose;
  const rules = at(property, 'houseRules');
  const times = at(rules, 'checkinCheckoutTimes');
  const highlights = fieldByPrefix(property, 'highlights(');
  const listed = fieldByPrefix(property, 'facilities(');
  const amenities = (page.roomData ?? []).flatMap((r) => {
    const list = at(r, 'amenities');
    return Array.isArray(list) ? list : [];
  });
  const gallery = fieldByPrefix(property, 'propertyGallery(');
  const ldScore = at(ld, 'aggregateRating', 'ratingValue');
  return {
    hotelId: first(at(basic, 'id'), at(property, 'id'), page.hotelId),
    name: first(at(basic, 'name'), at(ld, 'name')),
    pageName: at(basic, 'pageName'),
    location: at(basic, 'location'),
    starRating: at(extended, 'starRating'),
    accommodationType: at(property, 'accommodationType'),
    description: first(at(extended, 'translation', 'description'), at(ld, 'description')),
    checkin: at(times, 'checkinTimeRange'),
    checkout: at(times, 'checkoutTimeRange'),
    pets: at(property, 'policies', 'pets', 'petsAllowed'),
    children: at(extended, 'childAndBedPolicy'),
    acceptedCreditCards: at(rules, 'paymentMethods', 'acceptedCreditCards'),
    hotelAcceptsCashStatus: at(rules, 'paymentMethods', 'hotelAcceptsCashStatus'),
    highlights: at(highlights, 'entities'),
    facilities:
      Array.isArray(listed) || amenities.length
        ? [...(Array.isArray(listed) ? listed : []), ...amenities]
        : undefined,
    meals: at(property, 'meals'),
    languageCodes: at(extended, 'languagesSpoken', 'languageCodes'),
    currency: at(property, 'hotelCurrencyCode'),
    totalScore: first(
      at(extended, 'propertyReview', 'totalScore'),
      typeof ldScore === 'number'
        ? { score: ldScore, reviewsCount: at(ld, 'aggregateRating', 'reviewCount') }
        : undefined,
    ),
    postalCode: at(ld, 'address', 'postalCode'),
    mainPhoto: first(
      photoUrl(at(gallery, 'mainPhoto', 'highResUrl', 'relativeUrl'), imageBase),
      page.firstPhoto,
      typeof at(ld, 'image') === 'string' ? at(ld, 'image') : undefined,
    ),
  };
}

const MEALS: Record<string, SiteAHotelDetails['meals'][number]['type']> = {
  BREAKFAST: 'breakfast',
  LUNCH: 'lunch',
  DINNER: 'dinner',
  BRUNCH: 'brunch',
  HIGHTEA: 'high_tea',
  HIGH_TEA: 'high_tea',
  COCKTAIL_HOUR: 'cocktail_hour',
};
/**
 * Whether the hotel takes cash, from the page's status (the values of 38 real pages, 2026-06; YES and NO as
 * earlier readers had them): unknown, or a status not on record (counted), says nothing.
 * @example cashAccepted('PATP_PROPERTY_DOES_NOT_ACCEPT_CASH') // false
 */
export function cashAccepted(status: string | null | undefined): boolean | null {
  if (status === null || status === undefined) return null;
  if (status === 'PATP_PROPERTY_ACCEPTS_CASH' || status === 'YES') return true;
  if (status === 'PATP_PROPERTY_DOES_NOT_ACCEPT_CASH' || status === 'NO') return false;
  if (status !== 'PATP_PROPERTY_CASH_STATUS_UNKNOWN')
    recordMissing('site_a', 'hotelAcceptsCashStatus', 'the hotel page');
  return null;
}

const PETS = { YES: 'allowed', NO: 'not_allowed', UPON_REQUEST: 'on_request' } as const;
const time = (t: string | null | undefined) => (t && /^\d{1,2}:\d{2}$/.test(t) ? t.padStart(5, '0') : null);
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A hotel's details in the contract's terms, from the details view as read.
 * @example toDetails(conform('site_a', DetailsView, detailsView(page), 'the hotel page'), url).stars // null on a page without stars
 */
export function toDetails(
  v: DetailsView,
  url: string,
): Omit<SiteAHotelDetails, 'hotel_id'> & { hotel_id: string } {
  const facilities = new Map<number, SiteAHotelDetails['facilities'][number]>();
  const highlighted = (v.highlights ?? []).flatMap((h) => (isMeal(h) ? [] : [h]));
  for (const f of [...highlighted, ...(v.facilities ?? [])])
    if (f.id !== undefined && !facilities.has(f.id))
      facilities.set(f.id, { id: f.id, name: f.instances?.[0]?.title ?? null, group_id: f.groupId ?? null });
  const meals: SiteAHotelDetails['meals'] = [];
  for (const m of v.meals ?? []) {
    const type = MEALS[m.mealType.toUpperCase()];
    // A meal is identified by its type: one of a type the contract has no name for is left out, counted.
    if (!type) {
      recordSkipped('site_a', 'meals[]', 'the hotel page');
      continue;
    }
    const food = m.attributes?.foodScore;
    meals.push({
      type,
      price_text: m.price ?? null,
      styles: m.attributes?.style ?? [],
      cuisines: m.attributes?.cuisine ?? [],
      score: food ? { score: round1(food.score), count: food.nReviews ?? null } : null,
    });
  }
  const loc = v.location;
  const stars = v.starRating;
  const cash = v.hotelAcceptsCashStatus;
  const children = v.children;
  return {
    hotel_id: String(v.hotelId),
    name: v.name,
    page_name: v.pageName ?? null,
    url,
    address: {
      line: loc?.formattedAddress ?? null,
      city: loc?.city ?? null,
      postal_code: v.postalCode ?? null,
      country_code: loc?.countryCode ? loc.countryCode.toUpperCase() : null,
    },
    location: { latitude: loc?.latitude ?? null, longitude: loc?.longitude ?? null },
    // 0 (the room table's "stars: 0") and no symbol are "not shown", never a rating.
    stars:
      stars && stars.value >= 1 && stars.symbol
        ? { value: stars.value, kind: stars.symbol === 'TILES' ? 'tiles' : 'stars' }
        : null,
    accommodation_type: v.accommodationType?.type ?? null,
    description: v.description ?? null,
    check_in: v.checkin
      ? { from: time(v.checkin.fromFormatted), until: time(v.checkin.untilFormatted) }
      : null,
    check_out: v.checkout
      ? { from: time(v.checkout.fromFormatted), until: time(v.checkout.untilFormatted) }
      : null,
    policies: {
      pets: v.pets ? PETS[v.pets] : null,
      children: children
        ? {
            allowed: children.allowChildren ?? null,
            min_age: children.minChildrenAge ?? null,
            cribs: children.allowCribs ?? null,
            extra_beds: children.allowExtraBeds ?? null,
          }
        : null,
      accepted_cards: v.acceptedCreditCards ? v.acceptedCreditCards.map((c) => c.name) : null,
      cash: cashAccepted(cash),
    },
    facilities: [...facilities.values()],
    highlights: (v.highlights ?? []).flatMap((h) => {
      if (!isMeal(h)) return h.instances?.[0]?.title ? [h.instances[0].title] : [];
      // A meal is named by its type, in the contract's words (as meals[].type); one it has no word for is
      // left out, counted.
      const type = MEALS[h.mealType.toUpperCase()];
      if (!type) recordSkipped('site_a', 'highlights[]', 'the hotel page');
      return type ? [type] : [];
    }),
    meals,
    languages_spoken: v.languageCodes ?? [],
    currency: v.currency ?? null,
    review_score: v.totalScore
      ? { score: round1(v.totalScore.score), count: v.totalScore.reviewsCount ?? null }
      : null,
    main_photo_url: v.mainPhoto ?? null,
  };
}
