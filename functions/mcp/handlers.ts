// The handler of every data route, loaded when its tool is first called. The specifiers are literal so
// that the bundler puts every handler in the MCP function's bundle, each evaluated only on first use; the
// type makes a data route without its loader a compile error, and tests/mcp checks each is the manifest's.
import type { DataRouteId } from '../../shared/routes/index.ts';

export const handlers: Record<DataRouteId, () => Promise<unknown>> = {
  coordinatesLookup: () => import('../meta/coordinates-lookup.ts'),
  metaMatch: () => import('../meta/match.ts'),
  metaSearch: () => import('../meta/search.ts'),
  siteADestinations: () => import('../site-a/destinations-lookup.ts'),
  siteAUrlToId: () => import('../site-a/url-to-id.ts'),
  siteAPhotos: () => import('../site-a/photos.ts'),
  siteASearch: () => import('../site-a/search.ts'),
  siteAHotelReviews: () => import('../site-a/hotel-reviews.ts'),
  siteBUrlToId: () => import('../site-b/url-to-id.ts'),
  siteGDestinations: () => import('../site-g/destinations-lookup.ts'),
  chainARooms: () => import('../chain-a/rooms.ts'),
  diningSlots: () => import('../dining/slots.ts'),
  mapsReviews: () => import('../maps-reviews/reviews.ts'),
  mapsSearchAndReview: () => import('../maps-reviews/search-and-review.ts'),
  mapsHotelsSearch: () => import('../maps-hotels/search.ts'),
  rentalDetails: () => import('../rental/details.ts'),
  rentalPricing: () => import('../rental/pricing.ts'),
  chainBSearch: () => import('../chain-b/search.ts'),
  chainBHotelDetails: () => import('../chain-b/hotel-details.ts'),
  chainBHotelAmenities: () => import('../chain-b/hotel-amenities.ts'),
  chainBHotelReviews: () => import('../chain-b/hotel-reviews.ts'),
  chainBHotelRooms: () => import('../chain-b/hotel-rooms.ts'),
  chainBHotelPhotos: () => import('../chain-b/hotel-photos.ts'),
  chainBHotelPriceCalendar: () => import('../chain-b/hotel-price-calendar.ts'),
  chainBHotelUrlToId: () => import('../chain-b/hotel-url-to-id.ts'),
  chainCSearch: () => import('../chain-c/search.ts'),
  siteBReviews: () => import('../site-b/reviews-from-url.ts'),
  siteBHotelReviews: () => import('../site-b/hotel-reviews.ts'),
  siteCReviews: () => import('../site-c/reviews-from-url.ts'),
  siteCPrices: () => import('../site-c/prices.ts'),
};
