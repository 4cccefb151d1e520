/**
 * chain_b's real requests, to two origins of the brand site's web app: the hosted search index (`search`
 * origin: `POST /1/indexes/<index>/query` with its application id and search-only key headers) for the
 * hotels around a point, and the back-end-for-front-end GraphQL (`api` origin: `POST /bff/v1/graphql`
 * with `apikey`, `app-id`, `clientid` and `lang`) for each hotel's offers (operation `HotelPageHot`).
 *
 * The keys are provider headers (the live profile; public values from the site's bundle). Each origin
 * gets only its own: every request blanks the other origin's header names. The index name and the
 * index's header names are configuration, with the defaults below.
 */
import type { SourceRequest, UpstreamRequest } from '../../upstream/client.ts';
import { operationId, siteOrigin } from '../../upstream/providers.ts';
import type { Centre } from './places.ts';

/** The index of hotels in English, as the site names it (`operations.search_index`). */
export const DEFAULT_INDEX = 'prod_hotels_en';
/** The header names of the back end's keys. */
const BFF_KEY_HEADERS = ['apikey', 'app-id', 'clientid'];

/**
 * The index's header names (`operations.search_app_id_header`, `operations.search_key_header`): the
 * hosted index's own names are set in the live profile; these neutral defaults are the sandbox's.
 */
function indexKeyHeaders(): string[] {
  return [
    operationId('chain_b', 'search_app_id_header', 'x-search-app-id'),
    operationId('chain_b', 'search_key_header', 'x-search-api-key'),
  ];
}

/** Headers removed from a request (an empty value removes a configured header). */
const without = (names: string[]) => Object.fromEntries(names.map((n) => [n, '']));

/** The brand site, which its web app sends as Origin and Referer. */
function siteHeaders(): Record<string, string> {
  const site = siteOrigin('chain_b');
  return { origin: site, referer: `${site}/` };
}

/** The index's name. @example indexName() // 'prod_hotels_en' */
export function indexName(): string {
  return operationId('chain_b', 'search_index', DEFAULT_INDEX);
}

/** Attributes of a hit the connector reads; the index holds many more. */
export const HIT_ATTRIBUTES = [
  'objectID',
  'name',
  'brand',
  'brandLabel',
  'lodging',
  'stars',
  'rating',
  'localization',
  'freeAmenities',
  'status',
];

/**
 * The open hotels within `radiusMeters` of the centre, nearest first, the first `count` of them (the
 * index answers at most 1,000). A read, so it may be retried.
 * @example indexQueryRequest({ latitude: 48.85, longitude: 2.35 }, 5_000, 20).body // { json: { aroundLatLng: '48.85,2.35', aroundRadius: 5000, … } }
 */
export function indexQueryRequest(centre: Centre, radiusMeters: number, count: number): SourceRequest {
  return {
    provider: 'chain_b',
    origin: 'search',
    method: 'POST',
    path: `/1/indexes/${encodeURIComponent(indexName())}/query`,
    headers: { ...without(BFF_KEY_HEADERS), ...siteHeaders() },
    body: {
      json: {
        query: '',
        aroundLatLng: `${centre.latitude},${centre.longitude}`,
        aroundRadius: Math.round(radiusMeters),
        getRankingInfo: true,
        offset: 0,
        length: Math.min(count, 1_000),
        attributesToRetrieve: HIT_ATTRIBUTES,
        filters: 'status:OPEN',
      },
    },
    safe: true,
    expect: 'json',
    cache: 'search',
    // "Index does not exist" is the index's own answer, read to name the index.
    passStatuses: [404],
  };
}

/**
 * The offers query: only the fields the connector reads, in the shape of the site's `HotelPageHot`. One
 * offer per room type (`accommodation`) and rate plan (`rate`); `type` tells a room from a package, and
 * a member rate has `MEMBER_RATE` among its `categories` with the public price as `alternative`.
 */
export const HOTEL_PAGE_HOT = `query HotelPageHot($hotelOffersHotelId: String!, $dateIn: Date!, $dateOut: Date!, $nbAdults: PositiveInt!, $childrenAges: [NonNegativeInt!], $countryMarket: String!, $currency: String!, $offersSelectionFilters: OffersSelectionFilters, $use: BestOfferUse, $selectionStep: Int, $concession: BestOfferConcession, $hideMemberRate: Boolean, $selection: [OfferSelectionInput!]) {
  hotelOffers(hotelId: $hotelOffersHotelId, dateIn: $dateIn, dateOut: $dateOut, nbAdults: $nbAdults, childrenAges: $childrenAges, countryMarket: $countryMarket, currency: $currency, use: $use, concession: $concession, hideMemberRate: $hideMemberRate) {
    availability { status reasons { code label } }
    offersSelection(selectionStep: $selectionStep, filters: $offersSelectionFilters, selection: $selection) {
      offers {
        type
        accommodation { code }
        pricing {
          currency aggregationType formattedTaxType
          main { amount formattedAmount categories simplifiedPolicies { cancellation { code label } } }
          deduction { percent formattedAmount type }
          alternative { amount formattedAmount }
        }
        mealPlan { code label }
        lengthOfStay { value unit }
        rate { id label }
      }
    }
  }
}`;

/**
 * The hotel's content, as the site's hotel page asks for it (`HotelPageCold`): name, brand, description,
 * contact, rating with up to 20 reviews, localization, check-in and -out times, medias, room types and
 * facilities. One answer serves details, amenities, reviews, photos, rooms and the price calendar's name.
 */
export const HOTEL_PAGE_COLD = `query HotelPageCold($hotelId: ID!, $reviewsLimit: PositiveInt!, $mediaTypes: [MediaType!], $mediaCategories: [MediaCategory!]) {
  hotel(hotelId: $hotelId) {
    id name
    brand { code label }
    V2description { general }
    topAmenities { code label }
    amenityCategories { code label }
    contact { phone { number { formatted { international } } } email }
    rating {
      stars
      default { score numberOfReviews }
      reviews(limit: $reviewsLimit) { items { author rating title text date tripType } }
    }
    localization { address { street zipCode city country countryCode } gps { lat lng } }
    formattedCheckIn formattedCheckOut
    medias(types: $mediaTypes, categories: $mediaCategories) {
      items { category type availableFormats { url width height } video { embeddedUrl downloadUrl previewUrl } }
    }
    accommodations {
      code name description
      maxOccupancy { pax }
      beddingDetails { code count label }
      classification { type { code label } }
      surface { squareMeter }
    }
    v2facilities {
      breakfasts { name description }
      fitnessCenters { name description }
      pools { name description }
      restaurants { items { code name description } }
      bars { items { code name description } }
      spas { items { name description } }
    }
  }
}`;

/**
 * One query of the back end's GraphQL, a read that may be retried; its variables stand for the body in
 * the cache key. GraphQL refusals (an unknown hotel, a bad variable) come with their `errors[]`.
 */
function bffRequest(
  operationName: string,
  query: string,
  variables: Record<string, unknown>,
  cache: UpstreamRequest['cache'],
): SourceRequest {
  return {
    provider: 'chain_b',
    origin: 'api',
    method: 'POST',
    path: '/bff/v1/graphql',
    headers: { ...without(indexKeyHeaders()), lang: 'en', ...siteHeaders() },
    body: { json: { operationName, query, variables } },
    safe: true,
    cacheKey: `${operationName} ${JSON.stringify(variables)}`,
    expect: 'json',
    cache,
    passStatuses: [400],
  };
}

/** The most reviews the source gives (`rating.reviews(limit)`). */
export const MAX_REVIEWS = 20;

/**
 * One hotel's content: every review the source gives, every image and video; endpoints pick from it, so
 * one cached answer serves them all. A read, so it may be retried.
 * @example hotelContentRequest('9WT3').body // { json: { operationName: 'HotelPageCold', … } }
 */
export function hotelContentRequest(hotelId: string): SourceRequest {
  const variables = {
    hotelId,
    reviewsLimit: MAX_REVIEWS,
    mediaTypes: ['IMAGE', 'VIDEO'],
    mediaCategories: null,
  };
  return bffRequest('HotelPageCold', HOTEL_PAGE_COLD, variables, 'reviews');
}

/**
 * One hotel's record in the search index (its lodging type, free and paid amenities), or the index's 404.
 * @example indexObjectRequest('9WT3').path // '/1/indexes/prod_hotels_en/9WT3'
 */
export function indexObjectRequest(hotelId: string): SourceRequest {
  return {
    provider: 'chain_b',
    origin: 'search',
    path: `/1/indexes/${encodeURIComponent(indexName())}/${encodeURIComponent(hotelId)}`,
    query: { attributesToRetrieve: 'objectID,lodging,freeAmenities,paidAmenities' },
    headers: { ...without(BFF_KEY_HEADERS), ...siteHeaders() },
    expect: 'json',
    cache: 'reviews',
    notFoundOk: true,
  };
}

export interface Stay {
  checkIn: string;
  checkOut: string;
  adults: number;
  currency: string;
  countryMarket: string;
}

/**
 * One hotel's offers for the stay, in the currency and market asked for. A read, so it may be retried.
 * @example hotelOffersRequest('B7K2', { checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR', countryMarket: 'FR' }).path // '/bff/v1/graphql'
 */
export function hotelOffersRequest(hotelId: string, stay: Stay): SourceRequest {
  const variables = {
    hotelOffersHotelId: hotelId,
    dateIn: stay.checkIn,
    dateOut: stay.checkOut,
    nbAdults: stay.adults,
    childrenAges: [],
    countryMarket: stay.countryMarket,
    currency: stay.currency,
    offersSelectionFilters: { cancellationPolicies: null, isAccessible: false, mealPlans: null },
    selectionStep: 0,
    concession: null,
    use: 'NIGHT',
    hideMemberRate: false,
    selection: [],
  };
  // A refusal in a 200 (GraphQL errors, or no hotelOffers) is never kept: the next request asks again.
  return { ...bffRequest('HotelPageHot', HOTEL_PAGE_HOT, variables, 'prices'), keepIf: carriesOffers };
}

/**
 * Whether an offers answer carries the offers (no GraphQL errors): the only kind worth keeping, and the
 * one that is no refusal (offers.ts offersRefusal).
 * @example carriesOffers({ data: { hotelOffers: { offers: [] } } }) // true
 */
export function carriesOffers(body: unknown): boolean {
  const answer = body as { errors?: unknown[]; data?: { hotelOffers?: unknown } } | null;
  return !answer?.errors?.length && answer?.data?.hotelOffers != null;
}
