/** The site_a hotel pages found for ids (by url-to-id, searches and lookups), so photos for an id skip the search. */
import { LRUCache } from 'lru-cache';
import type { HotelRef } from './urls.ts';

/** @example knownRefs.get('1007790') // { cc: 'fr', slug: 'le-grand' } */
export const knownRefs = new LRUCache<string, HotelRef>({ max: 10_000, ttl: 24 * 3600 * 1000 });
