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
import { billingCurrency, stayPrice } from '../prices.ts';
import { hash, rng } from '../random.ts';
import type { Hotel } from '../world.ts';
import { signPhoto } from './images.ts';
import { siteAReviewCount, siteAReviews, siteAScore } from './site-a-reviews.ts';

/** The first photo of a hotel's gallery (the page literal's first entry, its listing's image). */
const mainPhotoId = (h: Hotel) => String(100_000_000 + h.ids.site_a * 97);
const cityUfi = (h: Hotel) => -(Number(h.city.placeId.split(':')[1]) || hash(h.city.placeId));

/** The street address search shows for a hotel; the page's formatted address begins with it. */
export const streetOf = (h: Hotel) => `${1 + (hash(`addr:${h.key}`) % 180)} ${h.city.name} Avenue`;
export const postalCodeOf = (h: Hotel) => String(10_000 + (hash(`zip:${h.key}`) % 89_999));

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
/** Room facilities: [id, group id, slug, label]. */
const ROOM_FACILITIES: [number, number, string, string][] = [
  [109, 4, 'air-conditioning', 'Air conditioning'],
  [38, 5, 'private-bathroom', 'Private bathroom'],
  [75, 4, 'flat-screen-tv', 'Flat-screen TV'],
  [9, 5, 'free-toiletries', 'Free toiletries'],
];

const facilityKey = ([id, groupId, slug]: [number, number, string, string]) =>
  `BaseFacility:${JSON.stringify({ id, groupId, slug })}`;

function facilityObject([id, groupId, slug, label]: [number, number, string, string]) {
  return {
    __typename: 'BaseFacility',
    id,
    groupId,
    slug,
    instances: [{ __typename: 'Instance', title: label }],
  };
}

/** A hotel's room types: id, name, size, persons, bed, price factor. */
export interface RoomType {
  roomId: string;
  name: string;
  sizeSqm: number;
  maxPersons: number;
  bed: string;
  bedTypeId: number;
  factor: number;
}

/** The room catalogue: the first room is the standard room search prices (its roomId is search's block's). */
export function roomTypes(h: Hotel): RoomType[] {
  const id = h.ids.site_a;
  const list: RoomType[] = [
    {
      roomId: `${id}01`,
      name: 'Standard Double Room',
      sizeSqm: 16 + h.stars * 2,
      maxPersons: 2,
      bed: '1 large double bed',
      bedTypeId: 2,
      factor: 1,
    },
    {
      roomId: `${id}02`,
      name: 'Superior Twin Room',
      sizeSqm: 22 + h.stars * 2,
      maxPersons: 3,
      bed: '2 single beds',
      bedTypeId: 1,
      factor: 1.3,
    },
    {
      roomId: `${id}03`,
      name: 'Family Suite',
      sizeSqm: 36 + h.stars * 3,
      maxPersons: 4,
      bed: '1 large double bed and 2 single beds',
      bedTypeId: 2,
      factor: 1.8,
    },
  ];
  if (h.stars >= 4)
    list.splice(2, 0, {
      roomId: `${id}04`,
      name: 'Deluxe King Room with City View',
      sizeSqm: 30,
      maxPersons: 2,
      bed: '1 extra-large double bed',
      bedTypeId: 3,
      factor: 1.5,
    });
  return list;
}

/** A stay as the dated page is asked for it. */
export interface PageStay {
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  rooms: number;
  currency: string;
}

/** One bookable block of a room for a stay: prices for the whole stay and ONE room. */
export interface StayBlock {
  room: RoomType;
  blockId: string;
  price: number;
  excluded: number;
  strikethrough: number | null;
  meal: 'room_only' | 'breakfast' | 'half_board';
  refundable: boolean;
  freeCancellationUntil: string | null;
  payLater: boolean;
  member: boolean;
  roomsLeft: number;
  maxPersons: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const dayBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The blocks a dated page offers, cheapest first per room; [] when the stay is sold out. The standard
 * room's non-refundable block is search's price for the same stay (divided among the rooms asked), taxes
 * left out where search leaves them out.
 */
export function stayBlocks(h: Hotel, stay: PageStay): StayBlock[] {
  const price = stayPrice(h, {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: stay.adults,
    children: stay.children,
    rooms: stay.rooms,
    currency: stay.currency,
  });
  if (!price) return [];
  // As search: about one listing in four shows its price before taxes.
  const excluded = hash(`taxes:${h.key}`) % 4 === 0;
  const oneRoom = (excluded ? price.baseTotal : price.total) / stay.rooms;
  const taxes = excluded ? price.taxes / stay.rooms : 0;
  return roomTypes(h).flatMap((room, i) => {
    const left = 1 + (hash(`left:${h.key}:${room.roomId}:${stay.checkIn}`) % 6);
    const base = {
      room,
      maxPersons: room.maxPersons,
      excluded: round2(taxes * room.factor),
      roomsLeft: left,
    };
    return [
      {
        ...base,
        blockId: `${room.roomId}_${340_000 + i}_${room.maxPersons}_0_0`,
        price: round2(oneRoom * room.factor),
        strikethrough: null,
        meal: 'room_only' as const,
        refundable: false,
        freeCancellationUntil: null,
        payLater: false,
        member: false,
      },
      {
        ...base,
        blockId: `${room.roomId}_${350_000 + i}_${room.maxPersons}_0_1`,
        price: round2(oneRoom * room.factor * 1.15),
        strikethrough: i === 0 ? round2(oneRoom * room.factor * 1.3) : null,
        meal: i % 2 ? ('half_board' as const) : ('breakfast' as const),
        refundable: true,
        freeCancellationUntil: dayBefore(stay.checkIn, 2),
        payLater: true,
        member: i === 1,
      },
    ];
  });
}

/** Which carrier a hotel's dated page puts its blocks in. */
export type Carrier = 'env' | 'apollo' | 'table';
export function carrierOf(h: Hotel): Carrier {
  const n = hash(`carrier:${h.key}`) % 12;
  return n === 0 ? 'table' : n === 1 ? 'apollo' : 'env';
}

/** Whether a dated render without `nocache=1` comes back as an empty shell. */
export const emptyShell = (h: Hotel, stay: PageStay) =>
  hash(`shell:${h.key}:${stay.checkIn}:${stay.checkOut}`) % 6 === 0;

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

const roomCardKey = (room: RoomType) => `RTRoomCard:${JSON.stringify({ roomId: room.roomId })}`;

/** Carrier 2: a block as the cache's room cards would hold it (modelled on FullSearch's blocks). */
function avBlock(b: StayBlock, currency: string) {
  const [roomId, policyGroupId, occupancy, packageId, mealPlanId] = b.blockId.split('_');
  return {
    __typename: 'RTRoomAvBlock',
    blockId: {
      __typename: 'BlockId',
      roomId,
      policyGroupId,
      occupancy: Number(occupancy),
      packageId,
      mealPlanId,
      bundleId: null,
    },
    finalPrice: { __typename: 'Price', amount: b.price, currency },
    originalPrice:
      b.strikethrough === null ? null : { __typename: 'Price', amount: b.strikethrough, currency },
    freeCancellationUntil: b.freeCancellationUntil,
    onlyXLeftMessage: b.roomsLeft <= 3 ? `Only ${b.roomsLeft} left on our site` : null,
  };
}

/**
 * The Apollo cache of a hotel page: the property (by page name), its extended data, its review scores,
 * and its room table; a dated page's room cards carry their blocks when the hotel's carrier is the cache.
 */
export function apolloStore(h: Hotel, imageBase: string, stay?: PageStay): Record<string, unknown> {
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
  const rooms = roomTypes(h);
  const blocks = stay && carrierOf(h) === 'apollo' ? stayBlocks(h, stay) : [];
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
          hotelAcceptsCashStatus: h.stars >= 4 ? 'NO' : 'YES',
        },
      },
      policies: { __ref: 'PropertyPolicies:{}' },
      'highlights({"criteria":"popularity","limit":6})': {
        __typename: 'PropertyHighlights',
        entities: FACILITIES.slice(0, 6).map((f) => ({ __ref: facilityKey(f) })),
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
      description: `${h.name} sits in ${h.city.name}, a short walk from the centre. Rooms have air conditioning and a private bathroom.\nGuests can start the day with a buffet breakfast.`,
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
    'RoomTableQueryResult:{}': {
      __typename: 'RoomTableQueryResult',
      hotelId: id,
      propertyName: h.name,
      isSoldOut: Boolean(stay) && blocksFor(h, stay!).length === 0,
      stars: withoutStars ? 0 : h.stars,
      areaMeasurementUnit: 'SQUARE_METERS',
      mealPlans: [],
      breakfastType: 'CONTINENTAL',
      roomCards: rooms.map((room) => ({ __ref: roomCardKey(room) })),
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
  for (const f of [...FACILITIES, ...ROOM_FACILITIES]) store[facilityKey(f)] = facilityObject(f);
  for (const room of rooms) {
    store[roomCardKey(room)] = {
      __typename: 'RTRoomCard',
      roomId: room.roomId,
      roomTypeId: room.bedTypeId === 1 ? 10 : 9,
      name: room.name,
      description: `A ${room.sizeSqm} m² room with ${room.bed}.`,
      roomSize: room.sizeSqm,
      occupancy: {
        __typename: 'RTOccupancy',
        maxPersons: room.maxPersons,
        maxChildren: room.maxPersons - 1,
        maxGuests: room.maxPersons,
      },
      bedConfigurations: [
        {
          __typename: 'BedConfiguration',
          beds: [{ __typename: 'Bed', count: 1, bedTypeId: room.bedTypeId }],
        },
      ],
      facilities: ROOM_FACILITIES.map((f) => f[0]),
      categorizedFacilities: [],
      photos: [0, 1].map((n) => {
        const p = String(100_000_000 + h.ids.site_a * 97 + 1 + n + rooms.indexOf(room) * 2);
        return {
          __typename: 'RTRoomPhoto',
          photoUri: `${imageBase}/xdata/images/hotel/max1024x768/${p}.jpg?k=${signPhoto(p)}&o=`,
          thumbnailUri: `${imageBase}/xdata/images/hotel/square60/${p}.jpg?k=${signPhoto(p)}&o=`,
        };
      }),
      isSmoking: false,
      roomAvBlocks: blocks
        .filter((b) => b.room.roomId === room.roomId)
        .map((b) => avBlock(b, stay!.currency)),
    };
    store[`RoomData:${JSON.stringify({ id: room.roomId })}`] = {
      __typename: 'RoomData',
      id: room.roomId,
      translations: { __typename: 'RoomTranslations', name: room.name },
      amenities: ROOM_FACILITIES.map((f) => ({ __ref: facilityKey(f) })),
      roomPhotos: [],
    };
  }
  return store;
}

/** Every block of the stay, whatever the carrier. */
const blocksFor = (h: Hotel, stay: PageStay) => stayBlocks(h, stay);

const numberText = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Carrier 1: `b_rooms_available_and_soldout` (and `b_all_rooms`) as `booking.env` lines, JavaScript. */
export function envRooms(h: Hotel, stay: PageStay): string {
  const blocks = blocksFor(h, stay);
  const rooms = roomTypes(h).map((room) => {
    const own = blocks.filter((b) => b.room.roomId === room.roomId);
    const list = own.map(
      (b) =>
        `{b_block_id: '${b.blockId}', b_raw_price: '${(b.price / Math.max(1, nightsIn(stay))).toFixed(2)}', b_price: '${stay.currency} ${numberText(b.price)}', ` +
        `b_max_persons: ${b.maxPersons}, b_nr_stays: ${nightsIn(stay)}, b_mealplan_included_name: ${b.meal === 'room_only' ? 'null' : `'${b.meal}'`}, ` +
        `b_cancellation_type: '${b.refundable ? 'free_cancellation' : 'non_refundable'}', b_rate_is_genius: ${b.member ? 1 : 0}, b_book_now_pay_later: ${b.payLater ? 1 : 0}, ` +
        `b_stay_prices: [{b_stays: ${nightsIn(stay)}, b_raw_price: '${b.price.toFixed(2)}'}], ` +
        `b_price_breakdown_simplified: {b_headline_price_amount: ${b.price}, b_strikethrough_price_amount: ${b.strikethrough ?? 'null'}, b_excluded_charges_amount: ${b.excluded}, b_tax_exception: null}}`,
    );
    return `{b_id: ${room.roomId}, b_name: '${room.name}', b_roomtype_id: ${room.bedTypeId === 1 ? 10 : 9}, b_has_room_inventory: ${own.length ? 1 : 0}, b_blocks: [${list.join(', ')}]}`;
  });
  const cheapest = blocks.length ? Math.min(...blocks.map((b) => b.price)) : 0;
  return (
    `  b_rooms_available_and_soldout: [${rooms.join(',\n    ')}],\n` +
    `  b_cheapest_price_eur: ${cheapest},\n` +
    `  b_all_rooms: [${roomTypes(h)
      .map((r) => `{b_id: ${r.roomId}, b_name: '${r.name}'}`)
      .join(', ')}],\n`
  );
}

const nightsIn = (stay: PageStay) =>
  Math.round(
    (Date.parse(`${stay.checkOut}T00:00:00Z`) - Date.parse(`${stay.checkIn}T00:00:00Z`)) / 86_400_000,
  );

const MEAL_TEXT = {
  room_only: '',
  breakfast: 'Breakfast included',
  half_board: 'Breakfast & dinner included',
};
const longDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Carrier 3: the DOM room table, one row per block, the room's cell spanning its rows. */
export function roomTableHtml(h: Hotel, stay: PageStay): string {
  const blocks = blocksFor(h, stay);
  const rows: string[] = [];
  for (const room of roomTypes(h)) {
    const own = blocks.filter((b) => b.room.roomId === room.roomId);
    own.forEach((b, i) => {
      const conditions = [
        MEAL_TEXT[b.meal],
        b.refundable ? `Free cancellation before ${longDate(b.freeCancellationUntil!)}` : 'Non-refundable',
        b.payLater ? 'No prepayment needed – pay at the property' : '',
        b.member ? 'Genius discount available' : '',
      ].filter(Boolean);
      rows.push(
        `<tr data-block-id="${b.blockId}" class="hprt-table-row js-rt-block-row">\n` +
          (i === 0
            ? `<td class="hprt-table-cell-roomtype droom_seperator" rowspan="${own.length}"><a class="hprt-roomtype-link" data-room-id="${room.roomId}" href="#RD${room.roomId}"><span class="hprt-roomtype-icon-link">${esc(room.name)}</span></a><div class="hprt-roomtype-bed"><span>${esc(room.bed)}</span></div></td>\n`
            : '') +
          `<td class="hprt-table-cell-occupancy"><span class="bui-u-sr-only">Max persons: ${b.maxPersons}</span></td>\n` +
          `<td class="hprt-table-cell-price"><div data-testid="price-and-discounted-price">` +
          (b.strikethrough === null
            ? ''
            : `<s class="bui-price-display__original">${stay.currency}&nbsp;${numberText(b.strikethrough)}</s> `) +
          `<span class="prco-valign-middle-helper">${stay.currency}&nbsp;${numberText(b.price)}</span></div>` +
          `<div class="prd-taxes-and-fees-under-price">${b.excluded > 0 ? `+${stay.currency}&nbsp;${numberText(b.excluded)} taxes and charges` : 'Includes taxes and charges'}</div></td>\n` +
          `<td class="hprt-table-cell-conditions"><ul>${conditions.map((c) => `<li class="bui-list__item">${esc(c)}</li>`).join('')}</ul></td>\n` +
          `<td class="hprt-table-room-select">${b.roomsLeft <= 3 ? `<span class="only_x_left">We have ${b.roomsLeft} left</span>` : ''}</td>\n</tr>\n`,
      );
    });
  }
  return (
    `<table id="hprt-table" class="hprt-table">\n<thead><tr><th>Room type</th><th>Number of guests</th>` +
    `<th class="hprt-table-header-price">Price for ${nightsIn(stay)} nights</th><th>Your choices</th><th>Select rooms</th></tr></thead>\n<tbody>\n${rows.join('')}</tbody>\n</table>\n`
  );
}
