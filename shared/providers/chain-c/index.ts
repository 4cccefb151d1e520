/**
 * chain_c: the site's lowest-rates-by-geolocation query, one checked POST per page. The site sits behind
 * a bot manager that refuses plain clients (an Akamai 403, answered as 503): live, it needs a browser-grade
 * proxy (live profile). A stale operation signature is a 502 that names it.
 */
import type { ChainCHotel } from '../../schemas/chain-c.ts';
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { originUrl, providerConfig } from '../../upstream/providers.ts';
import { extractPage, LowestRatesAnswer, refusal, type ChainCPage } from './extract.ts';
import { lowestRatesRequest, type LowestRatesQuery } from './requests.ts';

export interface ChainCQuery extends LowestRatesQuery {
  currency: string;
}

/** Priced properties cheapest first, then those without a price, each group in the source's order. */
function cheapestFirst(hotels: ChainCHotel[]): ChainCHotel[] {
  const price = (h: ChainCHotel) => h.price?.per_night ?? Number.POSITIVE_INFINITY;
  return [...hotels].sort((a, b) => (price(a) === price(b) ? 0 : price(a) < price(b) ? -1 : 1));
}

/**
 * One page of chain_c properties near the coordinates, with `total` counting every match and `hasMore`
 * from the source's page info. A property that cannot be booked for the stay has `price: null`; with
 * sortBy PRICE those come after every priced one.
 * @example await chainC.search(ctx, { latitude: 48.8566, longitude: 2.3522, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1, currency: 'EUR', offset: 0, limit: 20, sortBy: 'DISTANCE' }) // { total: 9, hasMore: false, hotels: [...] }
 */
async function search(ctx: UpstreamContext, q: ChainCQuery): Promise<ChainCPage> {
  const res = await fetchParsed(lowestRatesRequest(q), LowestRatesAnswer, ctx, 'the lowest-rates answer');
  const refused = refusal(res.body, res.status);
  if (refused) throw refused;
  const config = providerConfig('chain_c');
  const page = extractPage(res.body, {
    currency: q.currency,
    imageBase: originUrl(config, 'images'),
    siteBase: `https://${config.hosts[0] ?? 'localhost'}`,
  });
  // The source sorts the whole list; the page keeps that promise even if its unpriced rows were mixed in.
  return q.sortBy === 'PRICE' ? { ...page, hotels: cheapestFirst(page.hotels) } : page;
}

/** chain_c, as the handler uses it. */
export const chainC = { search };
