/** The site_a routes. */
import {
  CURRENCY_ERRORS,
  NO_RESULTS,
  STAY_ERRORS,
  type Route,
  INVALID_URL_INPUT,
  idErrors,
} from './types.ts';
import { area } from './area.ts';

/** A site_a hotel id is numeric on every route; the 404 is in the route's words where it says more. */
const hotelIdErrors = (unknown = 'site_a has no such hotel') =>
  idErrors('HOTEL', { invalid: 'hotel_id not numeric', unknown });
const { INVALID_HOTEL_ID, HOTEL_NOT_FOUND } = hotelIdErrors();

export const siteARoutes = area('site_a', {
  siteADestinations: {
    path: '/v1/site_a/destinations/lookup',
    handler: 'destinations-lookup',
    product: 'destinations',
    summary: 'Destination name to site_a dest_id and dest_type, with up to 5 suggestions',
    example: '/v1/site_a/destinations/lookup?query=paris&language=fr',
  },
  siteAUrlToId: {
    path: '/v1/site_a/hotel/url-to-id',
    product: 'url-to-id',
    validation: INVALID_URL_INPUT,
    errors: { HOTEL_NOT_FOUND: { status: 404, when: 'no site_a hotel page at that URL' } },
    summary: 'site_a hotel URL, {cc}/{slug} or {slug} to the numeric hotel id',
    example:
      '/v1/site_a/hotel/url-to-id?url=https%3A%2F%2Fwww.site-a.test%2Fhotel%2Ffr%2Faurelia-suites-paris.html',
  },
  siteAPhotos: {
    path: '/v2/site_a/hotel/photos',
    product: 'photos',
    errors: {
      MISSING_PARAMETER: { status: 400, when: 'hotel_id absent' },
      ...hotelIdErrors('hotel missing upstream'),
      CONTENT_EXTRACTION_FAILED: { status: 500, when: 'the gallery could not be extracted' },
      INTERNAL_ERROR: { status: 500, when: 'unexpected processing error' },
    },
    extraction: 'CONTENT_EXTRACTION_FAILED',
    summary: 'site_a hotel photo gallery: signed thumbnail, medium and large URLs, main photo first',
    example: '/v2/site_a/hotel/photos?hotel_id=1007790',
  },
  siteASearch: {
    path: '/v1/site_a/search',
    product: 'search',
    errors: {
      ...STAY_ERRORS,
      ...CURRENCY_ERRORS,
      ...idErrors('DESTINATION', {
        invalid: 'dest_id is not an integer (sign kept) of at most 12 digits',
        unknown: 'site_a knows no such dest_id',
      }),
      NO_RESULTS,
    },
    watch: { price: 'hotels[].price.amount', unavailable: ['NO_RESULTS'], ends: 'check_in' },
    summary: 'Hotels site_a lists for a lookup dest_id, one page at a time, priced for the stay when dated',
    example:
      '/v1/site_a/search?dest_id=-2988507&dest_type=CITY&check_in=2027-06-10&check_out=2027-06-13&adults=2&rows_per_page=10',
  },
  siteAHotelReviews: {
    path: '/v1/site_a/hotel/reviews',
    product: 'reviews',
    errors: {
      ...hotelIdErrors('site_a lists no hotel with that id'),
      NO_RESULTS: { status: 404, when: 'no reviews in that language, or a page past the end' },
    },
    summary: "A page of a site_a hotel's guest reviews by its hotel id: sorted, filtered by language",
    example: '/v1/site_a/hotel/reviews?hotel_id=1007790&sort=recent_desc&per_page=10',
  },
  siteAHotelDetails: {
    path: '/v1/site_a/hotel/details',
    product: 'details',
    errors: {
      MISSING_HOTEL: { status: 400, when: 'neither or both of hotel_id and url' },
      INVALID_HOTEL_ID,
      INVALID_URL: { status: 400, when: 'url is not a form url-to-id accepts' },
      HOTEL_NOT_FOUND,
    },
    summary:
      "A site_a hotel's static facts: address, stars, description, facilities, check-in times, policies",
    example: '/v1/site_a/hotel/details?hotel_id=1007790',
  },
  siteAHotelScores: {
    path: '/v1/site_a/hotel/scores',
    product: 'scores',
    errors: { ...hotelIdErrors(), NO_RESULTS: { status: 404, when: 'the hotel has no scores' } },
    summary: "A site_a hotel's review scores by category and kind of traveller, without the reviews",
    example: '/v1/site_a/hotel/scores?hotel_id=1007790',
  },
  siteAHotelRooms: {
    path: '/v1/site_a/hotel/rooms',
    product: 'rooms',
    errors: { ...STAY_ERRORS, ...CURRENCY_ERRORS, ...hotelIdErrors() },
    watch: { price: 'rooms[].blocks[].total', availability: 'rooms[].blocks', ends: 'check_in' },
    summary:
      "A site_a hotel's rooms for a stay: the catalogue and every bookable block with its total, per-night price, board, cancellation terms and rooms left",
    example: '/v1/site_a/hotel/rooms?hotel_id=1007790&check_in=2027-06-10&check_out=2027-06-13&adults=2',
  },
  siteASearchByUrl: {
    path: '/v1/site_a/search-by-url',
    product: 'search',
    errors: {
      ...STAY_ERRORS,
      ...CURRENCY_ERRORS,
      INVALID_URL: { status: 400, when: 'not a site_a search-results URL' },
      DESTINATION_MISSING: { status: 400, when: 'the URL has neither dest_id nor ss' },
      ...idErrors('DESTINATION', {
        invalid: "the URL's dest_id is not an integer (sign kept) of at most 12 digits",
        unknown: 'site_a knows no such dest_id, or the free text resolves to nothing',
      }),
      NO_RESULTS,
    },
    summary:
      'A site_a search-results URL run as /v1/site_a/search: what the URL names, what it ignores, and the same answer',
    example:
      '/v1/site_a/search-by-url?url=https%3A%2F%2Fwww.site-a.test%2Fsearchresults.html%3Fss%3DParis%26dest_id%3D-2988507%26dest_type%3Dcity%26checkin%3D2027-06-10%26checkout%3D2027-06-13%26group_adults%3D2%26no_rooms%3D1%26aid%3D304142%26label%3Dgen173nr',
  },
}) satisfies Record<string, Route>;
