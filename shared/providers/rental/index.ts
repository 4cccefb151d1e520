/**
 * rental: a listing's details from its page's deferred state (`details.ts`, the only part that parses
 * HTML) and its price from the sections API's book-it section (`pricing.ts`); the real requests in
 * `requests.ts`, the readers of the real payloads in `extract.ts` and `page.ts`.
 */
export { listingDetails } from './details.ts';
export { listingPricing, type PricingResult } from './pricing.ts';
