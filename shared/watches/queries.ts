/**
 * The query schema of each route a watch may follow, as its handler validates with it: a watch's creation
 * checks the watch's parameters with it ("as a real call would be") without loading the route's handler
 * and connector. One line per route that declares `watch` (tests/watches hold them to the handlers').
 */
import type * as z from 'zod';
import { HotelRoomsQuery } from '../schemas/chain-b-query.ts';

export const WATCHED_QUERIES: Record<string, z.ZodType> = {
  chainBHotelRooms: HotelRoomsQuery,
};
