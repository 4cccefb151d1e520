// The handlers of the routes a watch may follow, loaded on first use: a watch's check calls the route's
// own handler in process (shared/watches/invoke.ts), and its creation checks the parameters with the
// route's own query and path schemas. One line per route that declares `watch` in the manifest (a test
// holds them together).
import type * as z from 'zod';
import { routes, type Route } from '../../shared/routes/index.ts';
import type { RouteHandler } from '../../shared/watches/invoke.ts';

type HandlerModule = { handler: RouteHandler & { schemas?: { query?: z.ZodType; path?: z.ZodType } } };

export const WATCHED_HANDLERS: Record<string, () => Promise<HandlerModule>> = {
  chainARooms: () => import('../chain-a/rooms.ts') as Promise<HandlerModule>,
  chainASearch: () => import('../chain-a/search.ts') as Promise<HandlerModule>,
  chainBHotelRooms: () => import('../chain-b/hotel-rooms.ts') as Promise<HandlerModule>,
  chainBHotelPriceCalendar: () => import('../chain-b/hotel-price-calendar.ts') as Promise<HandlerModule>,
  chainBSearch: () => import('../chain-b/search.ts') as Promise<HandlerModule>,
  chainCRooms: () => import('../chain-c/rooms.ts') as Promise<HandlerModule>,
  chainCSearch: () => import('../chain-c/search.ts') as Promise<HandlerModule>,
  diningAvailability: () => import('../dining/availability.ts') as Promise<HandlerModule>,
  diningSlots: () => import('../dining/slots.ts') as Promise<HandlerModule>,
  mapsHotelsInfo: () => import('../maps-hotels/info.ts') as Promise<HandlerModule>,
  mapsHotelsSearch: () => import('../maps-hotels/search.ts') as Promise<HandlerModule>,
  rentalPricing: () => import('../rental/pricing.ts') as Promise<HandlerModule>,
  rentalSearch: () => import('../rental/search.ts') as Promise<HandlerModule>,
  siteAHotelRooms: () => import('../site-a/hotel-rooms.ts') as Promise<HandlerModule>,
  siteASearch: () => import('../site-a/search.ts') as Promise<HandlerModule>,
};

/**
 * The route of a manifest id and its handler.
 * @example const { route, handler } = await watchedRoute('chainBHotelRooms')
 */
export async function watchedRoute(
  routeId: string,
): Promise<{ route: Route; handler: RouteHandler; query?: z.ZodType; path?: z.ZodType }> {
  const route = (routes as Record<string, Route>)[routeId];
  const load = WATCHED_HANDLERS[routeId];
  if (!route || !load) throw new Error(`no watched handler for ${routeId}`);
  const { handler } = await load();
  const { query, path } = handler.schemas ?? {};
  return { route, handler, ...(query ? { query } : {}), ...(path ? { path } : {}) };
}
