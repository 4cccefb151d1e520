/** The rental routes. */
import {
  CURRENCY_ERRORS,
  NO_RESULTS,
  type Route,
  STAY_ERRORS,
  INVALID_URL_INPUT,
  dateErrors,
  idErrors,
  pricedIn,
  stayErrors,
} from './types.ts';
import { area } from './area.ts';

const LISTING_ERRORS = idErrors('LISTING', {
  invalid: 'listing_id is not a positive integer of at most 20 digits',
  unknown: 'no listing with that id',
});

export const rentalRoutes = area('rental', {
  rentalDetails: {
    path: '/v1/rental/listing/{listing_id}/details',
    product: 'details',
    errors: { ...STAY_ERRORS, ...CURRENCY_ERRORS, ...LISTING_ERRORS },
    summary: "A rental listing's details: title, picture, rating, badge, host, guest rules",
    example: '/v1/rental/listing/40000001/details?check_in=2030-06-01&check_out=2030-06-04&adults=2',
  },
  rentalPricing: {
    path: '/v1/rental/listing/{listing_id}/pricing',
    product: 'pricing',
    errors: {
      ...STAY_ERRORS,
      ...pricedIn('rental'),
      ...LISTING_ERRORS,
      DATES_UNAVAILABLE: { status: 422, when: 'the listing cannot be booked for those dates' },
      TOO_MANY_GUESTS: { status: 422, when: 'more guests than the listing takes' },
    },
    watch: { price: 'pricing.total', unavailable: ['DATES_UNAVAILABLE'], ends: 'check_in' },
    summary: 'What a stay in a rental listing costs, with its breakdown',
    example:
      '/v1/rental/listing/40000001/pricing?check_in=2030-06-01&check_out=2030-06-04&adults=2&currency=EUR',
  },
  rentalOverview: {
    path: '/v1/rental/listing/{listing_id}/overview',
    product: 'overview',
    errors: LISTING_ERRORS,
    summary:
      "A rental listing's overview, no dates: name, description, guests, bedrooms, beds, baths, where guests sleep",
    example: '/v1/rental/listing/1234567890123456789/overview',
  },
  rentalCalendar: {
    path: '/v1/rental/listing/{listing_id}/calendar',
    product: 'calendar',
    errors: {
      ...LISTING_ERRORS,
      ...dateErrors({
        format: 'start_month not YYYY-MM',
        past: 'start_month before the current month (UTC)',
      }),
    },
    summary:
      "A rental listing's availability by day, up to 12 months: available, check-in, check-out, minimum and maximum nights. No prices (the source gives none): a stay's price is /v1/rental/listing/{listing_id}/pricing",
    example: '/v1/rental/listing/40000001/calendar?months=2',
  },
  rentalReviews: {
    path: '/v1/rental/listing/{listing_id}/reviews',
    product: 'reviews',
    errors: {
      ...LISTING_ERRORS,
      NO_RESULTS: { ...NO_RESULTS, when: 'the listing has no reviews, or offset is past the end' },
    },
    summary:
      "A rental listing's reviews as plain text, with the host's response and what reviews mention, paged by limit and offset (best or recent first)",
    example: '/v1/rental/listing/40000001/reviews?limit=10&sort=recent',
  },
  rentalSearch: {
    path: '/v1/rental/search',
    product: 'search',
    errors: {
      MISSING_LOCATION: { status: 400, when: 'neither or both of location and the four bounds' },
      INVALID_BOUNDS: {
        status: 400,
        when: 'not all four bounds, a bound out of range, or ne not north-east of sw',
      },
      ...stayErrors('check_out not after check_in, or more than 30 nights after it'),
      ...CURRENCY_ERRORS,
      NO_RESULTS: { ...NO_RESULTS, when: 'nothing found, or a cursor past the end' },
    },
    watch: { price: 'listings[].price.total', unavailable: ['NO_RESULTS'], ends: 'check_in' },
    summary:
      'Rental listings in a place or a map box, with optional dates, party, price and bedroom filters, paged by an opaque cursor (no listing twice along one chain)',
    example: '/v1/rental/search?location=Paris%2C%20France&check_in=2030-06-10&check_out=2030-06-13&adults=2',
  },
  rentalExtractId: {
    path: '/v1/rental/listing/extract-id',
    product: 'extract-id',
    upstream: undefined,
    validation: INVALID_URL_INPUT,
    errors: {
      INVALID_URL: { status: 400, when: 'url is missing, malformed, or not a rental-site URL' },
      LISTING_ID_NOT_FOUND: {
        status: 400,
        when: 'a rental-site URL that names no listing (a search page, an experience)',
      },
    },
    summary:
      'The listing id of a rental listing URL, as a decimal string, and its encoded id (no upstream call)',
    example: '/v1/rental/listing/extract-id?url=https://www.rental.test/rooms/1234567890123456789',
  },
}) satisfies Record<string, Route>;
