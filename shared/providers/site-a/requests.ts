/**
 * site_a's real requests. Hosts come from configuration (the live profile); paths, bodies and headers are
 * the web app's own. The affiliate id is a configured operation value (`aid`), 0 when unset.
 */
import type { UpstreamRequest } from '../../upstream/client.ts';
import { operationId, providerConfig } from '../../upstream/providers.ts';
import type { HotelRef } from './urls.ts';

/** The public site's own origin, which its web app sends as Origin and Referer. */
function siteOrigin(): string {
  return `https://${providerConfig('site_a').hosts[0] ?? 'localhost'}`;
}

/**
 * The autocomplete: a POST of a JSON text sent as `text/plain` (no CORS preflight in the browser) to the
 * `accommodations` origin. A read, so it may be retried.
 * @example autocompleteRequest('paris', 'fr').body // { text: '{"query":"paris",…}', contentType: 'text/plain;charset=UTF-8' }
 */
export function autocompleteRequest(query: string, language: string): UpstreamRequest {
  const body = {
    query,
    pageview_id: '',
    aid: Number(operationId('site_a', 'aid', '0')),
    language,
    size: 5,
  };
  return {
    provider: 'site_a',
    origin: 'accommodations',
    method: 'POST',
    path: '/autocomplete.json',
    headers: { origin: siteOrigin(), referer: `${siteOrigin()}/` },
    body: { text: JSON.stringify(body), contentType: 'text/plain;charset=UTF-8' },
    safe: true,
    cacheKey: `autocomplete ${language} ${query}`,
    expect: 'json',
    cache: 'ids',
  };
}

/** A hotel page, read as a stream. @example hotelPageRequest({ cc: 'fr', slug: 'x' }).path // '/hotel/fr/x.html' */
export function hotelPageRequest(ref: HotelRef): UpstreamRequest {
  return {
    provider: 'site_a',
    path: `/hotel/${ref.cc}/${ref.slug}.html`,
    expect: 'html',
    cache: 'ids',
    notFoundOk: true,
  };
}

/**
 * The page that leads from a numeric id to the hotel's page: no page is addressed by id, but a search
 * for the hotel as a destination lists it first. The path is configuration (`hotel_by_id`, `{id}`
 * replaced) because the evidence for it is thin.
 * @example hotelByIdRequest('1007790').path // '/searchresults.html?dest_id=1007790&dest_type=hotel'
 */
export function hotelByIdRequest(hotelId: string): UpstreamRequest {
  const template = operationId('site_a', 'hotel_by_id', '/searchresults.html?dest_id={id}&dest_type=hotel');
  return {
    provider: 'site_a',
    path: template.replace('{id}', encodeURIComponent(hotelId)),
    expect: 'html',
    cache: 'ids',
    notFoundOk: true,
  };
}
