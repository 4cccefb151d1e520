/**
 * The query schema of each route a watch may follow, as its handler validates with it: a watch's creation
 * checks the watch's parameters with it ("as a real call would be") without loading the route's handler
 * and connector. One line per route that declares `watch` (tests/watches hold them to the handlers').
 */
import type * as z from 'zod';
import { ChainARoomsQuery } from '../schemas/chain-a.ts';
import { HotelRoomsQuery } from '../schemas/chain-b-query.ts';
import { ChainCRoomsQuery } from '../schemas/chain-c.ts';

export const WATCHED_QUERIES: Record<string, z.ZodType> = {
  chainARooms: ChainARoomsQuery,
  chainBHotelRooms: HotelRoomsQuery,
  chainCRooms: ChainCRoomsQuery,
};
