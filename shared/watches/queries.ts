/**
 * The parameter schemas of each route a watch may follow, as its handler validates with them: its query's
 * and, for a route with `{name}` in its path, its path's. A watch's creation checks the watch's parameters
 * with them ("as a real call would be") without loading the route's handler and connector. One line per
 * route that declares `watch` (tests/watches hold them to the handlers').
 */
import type * as z from 'zod';
import { ChainARoomsQuery, ChainASearchQuery } from '../schemas/chain-a.ts';
import { ChainBSearchQuery, HotelRoomsQuery, PriceCalendarQuery } from '../schemas/chain-b-query.ts';
import { ChainCQuery, ChainCRoomsQuery } from '../schemas/chain-c.ts';
import { AvailabilityQuery, RestaurantPath, SlotsQuery } from '../schemas/dining.ts';
import { MapsHotelInfoQuery, MapsHotelsQuery } from '../schemas/maps-hotels-query.ts';
import { ListingPath, RentalPricingQuery } from '../schemas/rental.ts';
import { RentalSearchQuery } from '../schemas/rental-search-query.ts';
import { SiteAHotelRoomsQuery, SiteASearchQuery } from '../schemas/site-a-query.ts';

/** A watched route's schemas: its query's, and its path's when its path has parameters. */
export interface WatchedParams {
  query: z.ZodType;
  path?: z.ZodType;
}

export const WATCHED_PARAMS: Record<string, WatchedParams> = {
  chainARooms: { query: ChainARoomsQuery },
  chainASearch: { query: ChainASearchQuery },
  chainBHotelRooms: { query: HotelRoomsQuery },
  chainBHotelPriceCalendar: { query: PriceCalendarQuery },
  chainBSearch: { query: ChainBSearchQuery },
  chainCRooms: { query: ChainCRoomsQuery },
  chainCSearch: { query: ChainCQuery },
  diningAvailability: { query: AvailabilityQuery, path: RestaurantPath },
  diningSlots: { query: SlotsQuery, path: RestaurantPath },
  mapsHotelsInfo: { query: MapsHotelInfoQuery },
  mapsHotelsSearch: { query: MapsHotelsQuery },
  rentalPricing: { query: RentalPricingQuery, path: ListingPath },
  rentalSearch: { query: RentalSearchQuery },
  siteAHotelRooms: { query: SiteAHotelRoomsQuery },
  siteASearch: { query: SiteASearchQuery },
};
