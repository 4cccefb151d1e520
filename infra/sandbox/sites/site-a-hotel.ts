/**
 * What a site_a hotel page carries beyond its id markers and gallery (real-sources §16 site_a): the web
 * app's Apollo cache (`data-capla-store-data="apollo"`: normalised objects referenced by `{"__ref": …}`,
 * ROOT_QUERY keys carrying serialised arguments) with the property, its review scores and its room table;
 * and, on a page asked with dates, the bookable blocks in one of the three carriers the research lists: the
 * `b_rooms_available_and_soldout` literal of `booking.env`, the room cards' `roomAvBlocks` in the cache, or
 * the DOM room table `#hprt-table`. Which carrier a hotel's dated page uses is fixed per hotel; about one
 * dated render in six is an empty shell unless `nocache=1` is asked (AeternaLabsHQ/pullmd issue #40).
 * Everything agrees with the other site_a pages: names, addresses, stars and scores as search shows them,
 * the cheapest block's price as search's price for the same stay.
 */
import { esc } from '../html.ts';
import { billingCurrency } from '../prices.ts';
import { hash, rng } from '../random.ts';
import type { Hotel } from '../world.ts';
import { signPhoto } from './images.ts';
import { siteAReviewCount, siteAReviews, siteAScore } from './site-a-reviews.ts';
import { facilityKey, facilityObject, roomTableEntries, type PageStay } from './site-a-rooms.ts';

/** The first photo of a hotel's gallery (the page literal's first entry, its listing's image). */
const mainPhotoId = (h: Hotel) => String(100_000_000 + h.ids.site_a * 97);
const cityUfi = (h: Hotel) => -(Number(h.city.placeId.split(':')[1]) || hash(h.city.placeId));

/**
 * The street address search shows for a hotel, and its postal code: the page's formatted address begins
 * with them.
 * @example streetOf(hotel) // '12 Paris Avenue'
 */
export const streetOf = (h: Hotel) => `${1 + (hash(`addr:${h.key}`) % 180)} ${h.city.name} Avenue`;
export const postalCodeOf = (h: Hotel) => String(10_000 + (hash(`zip:${h.key}`) % 89_999));
/** The hotel's description, as the page's translation carries it (its JSON-LD has it cut with "..."). */
export const descriptionOf = (h: Hotel) =>
  `${h.name} sits in ${h.city.name}, a short walk from the centre. Rooms have air conditioning and a private bathroom.\nGuests can start the day with a buffet breakfast.`;

/** A category score of the hotel (0 to 10, one decimal): the same formula as its review list's ratingScores. */
const category = (h: Hotel, i: number, salt = '') =>
  Math.round((6 + (hash(`${h.key}:${i}${salt}`) % 40) / 10) * 10) / 10;

/** The page's rating questions, in the review list's order of ratingScores, plus wifi. */
const QUESTIONS = [
  'hotel_staff',
  'hotel_services',
  'hotel_clean',
  'hotel_comfort',
  'hotel_value',
  'hotel_location',
];

/** Facilities: [id, group id, slug, label], invented. */
const FACILITIES: [number, number, string, string][] = [
  [107, 1, 'free-wifi', 'Free WiFi'],
  [16, 1, 'non-smoking-rooms', 'Non-smoking rooms'],
  [8, 3, '24-hour-front-desk', '24-hour front desk'],
  [28, 1, 'family-rooms', 'Family rooms'],
  [3, 7, 'restaurant', 'Restaurant'],
  [5, 7, 'room-service', 'Room service'],
  [11, 21, 'fitness-centre', 'Fitness centre'],
  [433, 21, 'swimming-pool', 'Swimming pool'],
  [46, 16, 'free-parking', 'Free parking'],
  [7, 7, 'bar', 'Bar'],
];
/**
 * Whether the hotel takes cash, in the page's words: the three values 38 saved real pages (2026-06) carry,
 * which research §16 had not seen.
 * @example cashStatus(hotel) // 'PATP_PROPERTY_ACCEPTS_CASH'
 */
export function cashStatus(h: Hotel): string {
  if (hash(`cash:${h.key}`) % 10 === 0) return 'PATP_PROPERTY_CASH_STATUS_UNKNOWN';
  return h.stars >= 4 ? 'PATP_PROPERTY_DOES_NOT_ACCEPT_CASH' : 'PATP_PROPERTY_ACCEPTS_CASH';
}

const groupOf: Record<string, string> = {
  COUPLE: 'COUPLE',
  SOLO_TRAVELLER: 'SOLO_TRAVELLER',
  GROUP_OF_FRIENDS: 'GROUP',
};

/** The page's questions by kind of traveller: from the hotel's reviews, as the review list holds them. */
function questions(h: Hotel) {
  const cards = siteAReviews(h);
  const groups = new Map<string, number[]>([['TOTAL', cards.map((c) => c.reviewScore)]]);
  for (const c of cards) {
    const g = groupOf[c.bookingDetails.customerType];
    if (g) groups.set(g, [...(groups.get(g) ?? []), c.reviewScore]);
  }
  return [...groups].flatMap(([type, scores]) => {
    const mean = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
    const names = ['total', ...QUESTIONS, 'hotel_wifi'];
    return names.map((name, i) => ({
      __typename: 'PropertyReviewQuestion',
      question: { __typename: 'ReviewQuestion', question: name, questionId: 100 + i },
      scoreSegment: {
        __typename: 'ScoreSegment',
        // The whole hotel's scores are siteAScore and the category formula; a segment's are its own.
        score:
          name === 'total'
            ? type === 'TOTAL'
              ? siteAScore(h)
              : mean
            : type === 'TOTAL'
              ? category(h, i - 1)
              : category(h, i - 1, type),
        reviewsCount: type === 'TOTAL' ? siteAReviewCount(h) : scores.length,
      },
      customerType: type,
    }));
  });
}

/** The page's review summary; about one hotel in five has none. */
function reviewSummary(h: Hotel) {
  if (hash(`summary:${h.key}`) % 5 === 0) return null;
  const r = rng(`summary:${h.key}`);
  const mention = () => 3 + Math.floor(r() * 40);
  return {
    __typename: 'ReviewSummary',
    language: 'en',
    numReviews: siteAReviewCount(h),
    pros: [
      {
        __typename: 'ReviewTopic',
        description: 'The <b>location</b> near the centre',
        numberOfMentions: mention(),
        sentiment: 'POSITIVE',
      },
      {
        __typename: 'ReviewTopic',
        description: '<b>Friendly staff</b> at the desk',
        numberOfMentions: mention(),
        sentiment: 'POSITIVE',
      },
    ],
    cons: [
      {
        __typename: 'ReviewTopic',
        description: 'A <b>small</b> bathroom',
        numberOfMentions: mention(),
        sentiment: 'NEGATIVE',
      },
    ],
  };
}

/**
 * The Apollo cache of a hotel page: the property (by page name), its extended data, its review scores,
 * and its room table; a dated page's room cards carry their blocks when the hotel's carrier is the cache.
 * @example JSON.stringify(apolloStore(hotel)) // the page's data-capla-store-data script
 */
export function apolloStore(h: Hotel, stay?: PageStay): Record<string, unknown> {
  const id = h.ids.site_a;
  const cc = h.city.country.toLowerCase();
  const pageNameDetails = { countryCode: cc, pagename: h.slug };
  const searchConfig = stay
    ? {
        searchConfigDate: { startDate: stay.checkIn, endDate: stay.checkOut },
        nbAdults: stay.adults,
        nbRooms: stay.rooms,
        nbChildren: stay.children,
      }
    : { searchConfigDate: null, nbAdults: 2, nbRooms: 1, nbChildren: 0 };
  const propertyKey = `Property:${JSON.stringify({ id })}`;
  const basicKey = `BasicPropertyData:${id}`;
  const photo = mainPhotoId(h);
  const withoutStars = h.stars <= 2;
  const store: Record<string, unknown> = {
    ROOT_QUERY: {
      __typename: 'Query',
      [`hotelPageByPageName(${JSON.stringify({ input: { pageNameDetails } })})`]: {
        __typename: 'HotelPageResult',
        'propertyDetails({})': { __ref: propertyKey },
      },
      [`hotelPageByPageName(${JSON.stringify({ input: { pageNameDetails, searchConfig } })})`]: {
        __typename: 'HotelPageResult',
        propertyFullExtended: {
          __typename: 'PropertyFullExtended',
          languagesSpoken: {
            __typename: 'LanguagesSpoken',
            languageCodes: ['en-gb', cc === 'gb' ? 'fr' : cc, 'de'],
          },
          basicPropertyData: { __ref: basicKey },
          starRating: withoutStars ? null : { __ref: 'StarRating:{}' },
          translation: { __ref: 'HotelTranslation:{}' },
          propertyReview: { __ref: 'PropertyReview:{}' },
          childAndBedPolicy: { __ref: 'ChildAndBedPolicy:{}' },
          searchBoxPrefillData: {
            __typename: 'SearchBoxPrefillData',
            location: {
              __typename: 'SearchBoxLocation',
              destType: 'CITY',
              destId: cityUfi(h),
              destName: h.city.name,
            },
          },
        },
      },
      [`reviewsFrontend(${JSON.stringify({ input: { customerType: [], hotelId: id, hotelCountryCode: cc, ufi: cityUfi(h) } })})`]:
        {
          __typename: 'ReviewsFrontendResult',
          reviewsCount: siteAReviewCount(h),
          ratingScores: [...QUESTIONS, 'hotel_free_wifi'].map((name, i) => ({
            __typename: 'RatingScore',
            name,
            translation: name,
            // A long float, as the page sends it.
            value: category(h, i) + 1 / 30,
            ufiScoresAverage: {
              __typename: 'UfiScoresAverage',
              ufiScoreLowerBound: 7.1,
              ufiScoreHigherBound: 8.9,
            },
          })),
          reviewScores: [],
          reviewSummary: reviewSummary(h),
          topicFilters: [],
          featuredReviews: [],
        },
      [`roomTable(${JSON.stringify({ input: { hotelId: id, searchConfig } })})`]: {
        __ref: 'RoomTableQueryResult:{}',
      },
    },
    [propertyKey]: {
      __typename: 'Property',
      id,
      basicPropertyData: { __ref: basicKey },
      accommodationType: {
        __ref: `PropertyType:${JSON.stringify({ type: withoutStars ? 'GUEST_HOUSE' : 'HOTEL' })}`,
      },
      accommodationTypeId: withoutStars ? 216 : 204,
      hotelCurrencyCode: billingCurrency(h),
      houseRules: {
        __typename: 'HouseRules',
        checkinCheckoutTimes: {
          __typename: 'CheckinCheckoutTimes',
          checkinTimeRange: {
            __typename: 'TimeRange',
            fromFormatted: '15:00',
            untilFormatted: h.stars >= 4 ? '00:00' : null,
          },
          checkoutTimeRange: {
            __typename: 'TimeRange',
            fromFormatted: null,
            untilFormatted: h.stars >= 4 ? '12:00' : '11:00',
          },
        },
        paymentMethods: {
          __typename: 'PaymentMethods',
          acceptedCreditCards: ['Visa', 'Mastercard', ...(h.stars >= 4 ? ['American Express'] : [])].map(
            (name) => ({ __ref: `AcceptedCreditCard:${JSON.stringify({ name })}` }),
          ),
          hotelAcceptsCashStatus: cashStatus(h),
        },
      },
      policies: { __ref: 'PropertyPolicies:{}' },
      'highlights({"criteria":"popularity","limit":6})': {
        __typename: 'PropertyHighlights',
        // A meal stands among the facilities by its type alone, as on most real pages (31 of 38).
        entities: [
          ...FACILITIES.slice(0, 6).map((f) => ({ __ref: facilityKey(f) })),
          { __typename: 'Meal', mealType: 'BREAKFAST' },
        ],
      },
      [`facilities(${JSON.stringify({ facilities: FACILITIES.map((f) => f[0]) })})`]: FACILITIES.map((f) => ({
        __ref: facilityKey(f),
      })),
      meals: [
        {
          __typename: 'PropertyMeal',
          mealType: 'BREAKFAST',
          price: h.stars >= 4 ? 'EUR 18' : null,
          attributes: {
            __typename: 'MealAttributes',
            style: ['Continental', 'Buffet'],
            cuisine: [],
            foodScore: {
              __typename: 'FoodScore',
              score: category(h, 9),
              nReviews: 3 + (hash(`food:${h.key}`) % 30),
            },
          },
        },
        ...(h.stars >= 4
          ? [
              {
                __typename: 'PropertyMeal',
                mealType: 'DINNER',
                price: null,
                attributes: {
                  __typename: 'MealAttributes',
                  style: [],
                  cuisine: ['French', 'Local'],
                  foodScore: null,
                },
              },
            ]
          : []),
      ],
      'propertyGallery({"photoLimit":1})': {
        __typename: 'PropertyGallery',
        mainPhoto: {
          __typename: 'PropertyPhoto',
          highResUrl: {
            __typename: 'PhotoUrl',
            relativeUrl: `/xdata/images/hotel/max1280x900/${photo}.jpg?k=${signPhoto(photo)}&o=`,
          },
        },
      },
    },
    [basicKey]: {
      __typename: 'BasicPropertyData',
      id,
      pageName: h.slug,
      name: h.name,
      location: {
        __typename: 'Location',
        formattedAddress: `${streetOf(h)}, ${postalCodeOf(h)} ${h.city.name}, ${h.city.country}`,
        formattedAddressShort: streetOf(h),
        city: h.city.name,
        countryCode: cc,
        latitude: h.latitude,
        longitude: h.longitude,
      },
    },
    'HotelTranslation:{}': {
      __typename: 'HotelTranslation',
      description: descriptionOf(h),
      markupDescription: `<p>${esc(h.name)} offers rooms in ${esc(h.city.name)}.</p>`,
    },
    'PropertyReview:{}': {
      __typename: 'PropertyReview',
      totalScore: {
        __typename: 'TotalScore',
        score: siteAScore(h),
        reviewsCount: siteAReviewCount(h),
        scoreOutOf10: 10,
      },
      questions: questions(h),
    },
    'ChildAndBedPolicy:{}': {
      __typename: 'ChildAndBedPolicy',
      allowChildren: true,
      minChildrenAge: 0,
      allowCribs: h.stars >= 3,
      allowExtraBeds: h.stars >= 4,
      childPolicyRules: [],
    },
    'PropertyPolicies:{}': {
      __typename: 'PropertyPolicies',
      pets: {
        __typename: 'PetsPolicy',
        petsAllowed: ['YES', 'NO', 'UPON_REQUEST'][hash(`pets:${h.key}`) % 3],
        chargeModePets: 'FREE',
      },
    },
  };
  if (!withoutStars)
    store['StarRating:{}'] = {
      __typename: 'StarRating',
      value: h.stars,
      symbol: 'STARS',
      caption: { __typename: 'TranslationTag', translation: `${h.stars}-star hotel` },
    };
  store[`PropertyType:${JSON.stringify({ type: withoutStars ? 'GUEST_HOUSE' : 'HOTEL' })}`] = {
    __typename: 'PropertyType',
    type: withoutStars ? 'GUEST_HOUSE' : 'HOTEL',
  };
  for (const name of ['Visa', 'Mastercard', 'American Express'])
    store[`AcceptedCreditCard:${JSON.stringify({ name })}`] = { __typename: 'AcceptedCreditCard', name };
  for (const f of FACILITIES) store[facilityKey(f)] = facilityObject(f);
  Object.assign(store, roomTableEntries(h, stay));
  return store;
}
