/** The site_a hotel pages found for ids (by url-to-id, searches and lookups), so photos for an id skip the search. */
import { byteBoundedCache } from '../../memory-budget.ts';
import type { HotelRef } from './urls.ts';

/** @example knownRefs.get('1007790') // { cc: 'fr', slug: 'le-grand' } */
// Bounded by bytes: 1 % of the function's memory.
export const knownRefs = byteBoundedCache<string, HotelRef>(0.01, { ttl: 24 * 3600 * 1000 });
