/** The rental routes. */
import { CURRENCY_ERRORS, INVALID_PARAMETERS, type Route, STAY_ERRORS } from './types.ts';

export const rentalRoutes = {
  rentalDetails: {
    method: 'GET',
    path: '/v1/rental/listing/{listing_id}/details',
    handler: 'functions/rental/details.ts',
    provider: 'rental',
    product: 'details',
    auth: true,
    upstream: ['rental'],
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      ...CURRENCY_ERRORS,
      LISTING_NOT_FOUND: { status: 404, when: 'no listing with that id' },
    },
    summary: "A rental listing's details: title, picture, rating, badge, host, guest rules",
    example: '/v1/rental/listing/40000001/details?check_in=2030-06-01&check_out=2030-06-04&adults=2',
  },
  rentalPricing: {
    method: 'GET',
    path: '/v1/rental/listing/{listing_id}/pricing',
    handler: 'functions/rental/pricing.ts',
    provider: 'rental',
    product: 'pricing',
    auth: true,
    upstream: ['rental'],
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one rental prices in',
      },
      LISTING_NOT_FOUND: { status: 404, when: 'no listing with that id' },
      DATES_UNAVAILABLE: { status: 422, when: 'the listing cannot be booked for those dates' },
      TOO_MANY_GUESTS: { status: 422, when: 'more guests than the listing takes' },
    },
    summary: 'What a stay in a rental listing costs, with its breakdown',
    example:
      '/v1/rental/listing/40000001/pricing?check_in=2030-06-01&check_out=2030-06-04&adults=2&currency=EUR',
  },
} as const satisfies Record<string, Route>;
