/**
 * rental: a listing's details and its overview from its page's deferred state (`details.ts`,
 * `overview.ts`) and its price from the sections API's book-it section (`pricing.ts`); its availability
 * calendar (`calendar.ts`), reviews (`reviews.ts`) and the search (`search.ts`) from the persisted GraphQL
 * queries (`graphql.ts`); the real requests in `requests.ts`, the readers of the real payloads in
 * `extract.ts` and `page.ts`, listing URLs and ids in `urls.ts`. Listing ids stay decimal strings
 * throughout: they exceed 2^53.
 */
export { listingCalendar } from './calendar.ts';
export { listingDetails } from './details.ts';
export { listingOverview } from './overview.ts';
export { listingPricing, type PricingResult } from './pricing.ts';
export { listingReviews, type ReviewsSort } from './reviews.ts';
export { decodeCursor, searchChain, searchFingerprint, type ChainCursor } from './search-cursor.ts';
export type { SearchQuery } from './search.ts';
export { LISTING_ID } from './urls.ts';
