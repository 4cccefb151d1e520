// The travel-data-api client: openapi-fetch over the types generated from the API's OpenAPI document
// (api.d.ts). Every call is `client.GET(path, { params })`, typed end to end: parameters, the 200 body and
// the documented error bodies (Problem Details, or the global {error} body of 401 and 429).
import createFetchClient from 'openapi-fetch';

/**
 * A client of one deployment, sending the key in x-api-key.
 * @example const api = createClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.KEY });
 */
export function createClient({ baseUrl = 'http://127.0.0.1:3000', apiKey, fetch, headers = {} } = {}) {
  return createFetchClient({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { ...headers, ...(apiKey ? { 'x-api-key': apiKey } : {}) },
    ...(fetch ? { fetch } : {}),
  });
}
