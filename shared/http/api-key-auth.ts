/**
 * Authenticates `x-api-key` (any letter case) against the key store by SHA-256 hash.
 * The key itself is never stored or logged.
 */
import { UnauthorizedError } from '../errors.ts';
import { hashKey } from '../hash.ts';
import type { KeyStore } from '../store/types.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

/**
 * Rejects a request without a known key (401 `unauthorized`) and records the caller's tier for the quota.
 * @example middy(handler).use(requestState(route)).use(apiKeyAuth(async () => (await stores()).keys))
 */
export function apiKeyAuth(keys: () => KeyStore | Promise<KeyStore>): ApiMiddleware {
  const apiKeyAuthBefore = async (request: ApiRequest) => {
    const key = request.event.headers?.['x-api-key']?.trim();
    if (!key) throw new UnauthorizedError('The x-api-key header is missing.');
    const caller = await (await keys()).lookup(hashKey(key));
    if (!caller) throw new UnauthorizedError('The API key is not recognised.');
    stateOf(request.event).caller = caller;
  };
  return { name: 'apiKeyAuth', before: apiKeyAuthBefore };
}
