/**
 * maps_hotels: a public SERP API's hotels engine, `GET /search.json?engine=<hotels>&q=&check_in_date=
 * &check_out_date=&adults=&children=&children_ages=&currency=&hl=&rating=` (engine wire name from
 * configuration, `engines.hotels`). The source prices in the asked currency when it can
 * (`search_parameters.currency` says which it used); the same search on the service's own site is
 * `search_metadata.<engine>_url`.
 *
 * Two answer shapes: a place gives `properties[]` (hotels and vacation rentals) with sponsored
 * listings apart in `ads[]` (listed after the properties), and the whole search's count in `search_information.total_results`; a
 * hotel's name gives that one property's details at the top level (no `properties`; with
 * `search_information.hotels_results_state: "Showing results for property details"`, or with no
 * `search_information` and no top-level `property_token`: the token is then in its details link).
 *
 * Rules, from what the source sends:
 * - sponsored: each ad (`ads[]`, with a token of its own, never its property's) is listed as a hotel
 *   after the organic properties, `is_paid: true`, priced by its one seller's nightly `extracted_price`
 *   (per night, as the service documents it); an organic property is never sponsored because an ad has
 *   its name. min_rating filters ads too; total_count counts the organic properties only;
 * - a property is identified by its token and name: one without coordinates, or without any price (a
 *   booked-out night), is kept with those null (the identity rule);
 * - total_count is the source's `total_results`, null when it sends none or when min_rating is not one
 *   of its own filters (its count would be of the coarser filter);
 * - price.current is `total_rate.extracted_lowest`, else the nightly lowest times the nights;
 *   max_price is the highest seller's total where the source lists sellers (`prices[]`: on vacation
 *   rentals, nightly rates only, times the nights; in property details, with totals), else current;
 * - children: the source needs one age per child (`children_ages`, 1 to 17) and the contract takes only
 *   a count, so each child is sent as CHILD_AGE;
 * - min_rating: sent as the source's nearest lower rating filter (3.5+, 4.0+, 4.5+) and applied exactly;
 * - check-in and check-out times come with a narrow no-break space before AM/PM: sent with a space.
 */
import type { UpstreamContext } from '../../upstream/context.ts';
import { engineFor, providerConfig, resolveValue } from '../../upstream/providers.ts';
import { fetchSerp } from '../serp/index.ts';
import type { MapsHotelInfo, MapsHotelPhoto } from '../../schemas/maps-hotels.ts';
import { extractHotels, HotelsAnswer, type HotelResults } from './extract.ts';
import { classifyDetails, DetailsAnswer, extractInfo, extractPhotos } from './details.ts';
import { detailsRequest, hotelsRequest, type DetailsQuery, type HotelSearch } from './requests.ts';

export type { HotelResults } from './extract.ts';
export { CHILD_AGE, type DetailsQuery, type HotelSearch } from './requests.ts';

/** One property's details answer, following a name that answers a list to its first property. */
async function details(ctx: UpstreamContext, d: DetailsQuery) {
  const engine = engineFor('maps_hotels', 'hotels');
  const first = await fetchSerp(detailsRequest(d, engine), DetailsAnswer, ctx, 'the property details');
  const found = classifyDetails(first.body, d.hotelId);
  if (found.kind !== 'list') return found;
  const { body } = await fetchSerp(
    detailsRequest({ ...d, hotelId: found.hotelId }, engine),
    DetailsAnswer,
    ctx,
    'the property details',
  );
  return classifyDetails(body, found.hotelId);
}

export const mapsHotels = {
  /**
   * Why this deployment cannot reach maps_hotels (no configuration, or a secret it names is not set), or
   * undefined when it can. Reads configuration only: no upstream call.
   * @example mapsHotels.missingConfiguration() // 'maps_hotels is not configured for this deployment'
   */
  missingConfiguration(): string | undefined {
    try {
      const config = providerConfig('maps_hotels');
      for (const value of Object.values(config.params)) resolveValue('maps_hotels', value);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },

  /**
   * Hotels for the search, best listed first (none when the service found nothing).
   * @example await mapsHotels.search(ctx, { location: 'Paris', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, children: 0, currency: 'EUR' })
   */
  async search(ctx: UpstreamContext, s: HotelSearch): Promise<HotelResults> {
    const engine = engineFor('maps_hotels', 'hotels');
    const { body } = await fetchSerp(hotelsRequest(s, engine), HotelsAnswer, ctx, 'the hotel results');
    return extractHotels(body, s, engine);
  },

  /**
   * One hotel in full, by its token or its name, for a stay; undefined when the service knows no such
   * hotel. `currency` is the one the service priced in.
   * @example await mapsHotels.info(ctx, { hotelId: 'ChkI…', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR' }) // { hotel: { name: '…', … }, currency: 'EUR' }
   */
  async info(
    ctx: UpstreamContext,
    d: DetailsQuery,
  ): Promise<{ hotel: MapsHotelInfo; currency: string } | undefined> {
    const found = await details(ctx, d);
    if (found.kind !== 'details') return undefined;
    const currency = found.currency ?? d.currency;
    return { hotel: extractInfo(found.answer, found.hotelId, currency), currency };
  },

  /**
   * A hotel's photos from its details answer's images; undefined when the service knows no such hotel.
   * @example await mapsHotels.photos(ctx, { hotelId: 'ChkI…', checkIn: '2030-06-10', checkOut: '2030-06-11', adults: 2, currency: 'USD' }) // [{ thumbnail_url, url }]
   */
  async photos(ctx: UpstreamContext, d: DetailsQuery): Promise<MapsHotelPhoto[] | undefined> {
    const found = await details(ctx, d);
    return found.kind === 'details' ? extractPhotos(found.answer) : undefined;
  },
};
