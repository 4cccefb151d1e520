/**
 * site_g's real request: the web app's keyword search, a POST of JSON with a `head` object (client,
 * locale, currency, trace ids) to the `api` origin. Trace ids are fresh per request, so the cache key
 * names what decides the answer instead: the keyword, locale and currency. The `htl_customtraceid` and
 * `x-traceID` query parameters some clients add are left out: clients posting without them are answered,
 * and they would make every URL unique.
 */
import { randomUUID } from 'node:crypto';
import type { SourceRequest } from '../../upstream/client.ts';
import { operationId, originUrl, providerConfig } from '../../upstream/providers.ts';

/**
 * The locale decides `currentLocaleName` (a Chinese name for `zh-CN`, the contract's localized `name`);
 * locale and currency are configuration with these defaults.
 * @example searchLocale() // { locale: 'zh-CN', currency: 'CNY' }
 */
export function searchLocale(): { locale: string; currency: string } {
  return {
    locale: operationId('site_g', 'locale', 'zh-CN'),
    currency: operationId('site_g', 'currency', 'CNY'),
  };
}

/**
 * @example keywordSearchRequest('Suzhou').body // { json: { keyWord: 'Suzhou', searchType: 'D', … } }
 */
export function keywordSearchRequest(keyword: string): SourceRequest {
  const { locale, currency } = searchLocale();
  const traceId = `${Date.now()}.${randomUUID().slice(0, 12)}`;
  const clientId = randomUUID().replace(/-/g, '').slice(0, 20);
  const pid = randomUUID();
  const p = String(10_000_000_000 + Math.floor(Math.random() * 9_000_000_000));
  // The page the web app makes this call from, on the API's own site.
  const page = `${originUrl(providerConfig('site_g'), 'api')}/hotels`;
  return {
    provider: 'site_g',
    origin: 'api',
    method: 'POST',
    path: '/htls/getKeyWordSearch',
    headers: {
      'trip-trace-id': traceId,
      'x-traceid': traceId,
      p,
      pid,
      locale,
      currency,
      referer: page,
    },
    body: {
      json: {
        code: 0,
        codeType: '',
        keyWord: keyword,
        searchType: 'D',
        scenicCode: 0,
        cityCodeOfUser: 0,
        searchConditions: [
          { type: 'D_PROVINCE', value: 'T' },
          { type: 'SupportNormalSearch', value: 'T' },
          { type: 'DisplayTagIcon', value: 'F' },
        ],
        head: {
          platform: 'PC',
          clientId,
          bu: 'ibu',
          group: 'TRIP',
          region: 'XX',
          locale,
          timeZone: '8',
          currency,
          p,
          pid,
          cid: clientId,
          traceLogID: randomUUID().replace(/-/g, '').slice(0, 13),
          deviceID: 'PC',
          clientVersion: '0',
          frontend: { vid: clientId, sessionID: '1', pvid: '1' },
          extension: [
            { name: 'cityId', value: '' },
            { name: 'checkIn', value: '' },
            { name: 'checkOut', value: '' },
          ],
          ticket: '',
          href: page,
        },
      },
    },
    safe: true,
    cacheKey: `keyword search ${locale} ${currency} ${keyword}`,
    expect: 'json',
    cache: 'ids',
  };
}
