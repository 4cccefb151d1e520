/**
 * Authenticates `x-api-key` (any letter case) against the key store by SHA-256 hash.
 * The key itself is never stored or logged.
 */
import { UnauthorizedError } from '../errors.ts';
import { hashKey } from '../hash.ts';
import type { ApiKeyRecord, KeyStore } from '../store/types.ts';
import { startedWork, stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

/** The key, by its id, of a call this process makes on a key's behalf (a watch's check). */
const ON_BEHALF = Symbol('onBehalfOfKey');

/**
 * Marks an event built in this process as a call on behalf of the key whose SHA-256 is `keyId` (a watch's
 * check, issue #38): the key is looked up by its id, as if its holder had sent it, and refused (401) when it
 * is gone. A symbol, so nothing a client sends can carry it; the key itself is never kept.
 * @example await handler(onBehalfOf(event, watch.keyId), context)
 */
export function onBehalfOf<E extends object>(event: E, keyId: string): E {
  (event as { [ON_BEHALF]?: string })[ON_BEHALF] = keyId;
  return event;
}

/** The key lookups started and not yet awaited, by request (`overlap`). */
const lookups = startedWork<ApiKeyRecord>('key lookup');

/**
 * The request's key lookup when `apiKeyAuth` started it without waiting (`overlap`): resolves to the caller
 * (also recorded in the request state), rejects with the 401. Undefined when there is none to wait for.
 * @example const [caller, read] = await Promise.all([callerLookup(event), results.get(key)])
 */
export function callerLookup(event: object): Promise<ApiKeyRecord> | undefined {
  return lookups.of(event);
}

/**
 * Rejects a request without a known key (401 `unauthorized`) and records the caller's tier for the quota.
 *
 * With `overlap`, a missing key is still refused at once, but the store's lookup is started and not
 * awaited: the handler must await `callerLookup(event)` before any write or answer, and may do so together
 * with a read that does not depend on the key (the shared result cache), so that an instance's first call
 * does not spend a round trip on the lookup alone. The 401 still wins: when an earlier error (an invalid
 * parameter) ends the request first, the 401 replaces it, as it would have come first without overlap.
 * @example middy(handler).use(requestState(route)).use(apiKeyAuth(async () => (await stores()).keys))
 */
export function apiKeyAuth(
  keys: () => KeyStore | Promise<KeyStore>,
  { overlap = false }: { overlap?: boolean } = {},
): ApiMiddleware {
  const identify = async (request: ApiRequest, keyId: string) => {
    const caller = await (await keys()).lookup(keyId);
    if (!caller) throw new UnauthorizedError('The API key is not recognised.');
    stateOf(request.event).caller = caller;
    return caller;
  };
  const apiKeyAuthBefore = async (request: ApiRequest) => {
    const behalf = (request.event as { [ON_BEHALF]?: string })[ON_BEHALF];
    const key = request.event.headers?.['x-api-key']?.trim();
    if (!key && !behalf) throw new UnauthorizedError('The x-api-key header is missing.');
    const lookup = identify(request, behalf ?? hashKey(key!));
    if (!overlap) return void (await lookup);
    lookups.start(request.event, lookup); // the handler or onError sees the refusal
  };
  const apiKeyAuthAfter = (request: ApiRequest) => {
    // A handler that answered without awaiting a refused lookup does not get to send its answer.
    return lookups.landed(request.event)?.then((refused) => {
      if (refused) throw refused;
    });
  };
  const apiKeyAuthOnError = async (request: ApiRequest) => {
    const refused = await lookups.landed(request.event);
    if (refused) request.error = refused as Error;
  };
  return {
    name: 'apiKeyAuth',
    before: apiKeyAuthBefore,
    ...(overlap ? { after: apiKeyAuthAfter, onError: apiKeyAuthOnError } : {}),
  };
}
