/**
 * rental: a listing's details and its overview from its page's deferred state (`details.ts`,
 * `overview.ts`) and its price from the sections API's book-it section (`pricing.ts`); its availability
 * calendar (`calendar.ts`), reviews (`reviews.ts`) and the search (`search.ts`) from the persisted GraphQL
 * queries (`graphql.ts`); the real requests in `requests.ts`, the readers of the real payloads in
 * `extract.ts` and `page.ts`, listing URLs and ids in `urls.ts`. Listing ids stay decimal strings
 * throughout: they exceed 2^53.
 */
import { listingCalendar } from './calendar.ts';
import { listingDetails } from './details.ts';
import { listingOverview } from './overview.ts';
import { listingPricing } from './pricing.ts';
import { listingReviews } from './reviews.ts';
import { searchChain } from './search-cursor.ts';

export type { PricingResult } from './pricing.ts';
export type { ReviewsSort } from './reviews.ts';
export type { ChainCursor } from '../../schemas/rental-cursor.ts';
export type { SearchQuery } from './search.ts';

/** rental, as the handlers use it: each call is documented where it is written. */
export const rental = {
  calendar: listingCalendar,
  details: listingDetails,
  overview: listingOverview,
  pricing: listingPricing,
  reviews: listingReviews,
  search: searchChain,
};
