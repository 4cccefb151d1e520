/**
 * The `watchEndpoint()` factory: one Lambda handler per route of the watches resource, composed like
 * `endpoint()` and `accountEndpoint()`: request state, header normaliser, correlation id, the API key
 * (a 401 before anything else), a JSON body checked by its schema (400 INVALID_PARAMETERS naming each bad
 * member), the path checked, Problem Details for every error. Not counted against the quota.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from 'zod';
import { answered } from '../http/answered.ts';
import { apiKeyAuth } from '../http/api-key-auth.ts';
import { checkedBody, spine } from '../http/spine.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from '../http/state.ts';
import { validateRequest } from '../http/validate-request.ts';
import { DeclaredError } from '../errors.ts';
import type { Route } from '../routes/index.ts';
import { stores } from '../store/index.ts';
import type { ApiKeyRecord } from '../store/types.ts';

/** An error of the route's own, by code. */
export class WatchError extends DeclaredError {}

export interface WatchEndpointOptions<B extends z.ZodType, P extends z.ZodType, S extends z.ZodType> {
  route: Route;
  body?: B;
  path?: P;
  response: S;
  status?: number;
  run(input: { body: z.output<B>; path: z.output<P>; caller: ApiKeyRecord }): Promise<z.input<S>>;
}

const bodies = new WeakMap<object, unknown>();

/** The JSON body, parsed by its schema. */
function jsonBody(schema: z.ZodType | undefined): ApiMiddleware {
  const jsonBodyBefore = async (request: ApiRequest) => {
    if (!schema) return;
    const refusal = { code: 'INVALID_PARAMETERS', noun: 'body', listNotJson: true };
    bodies.set(request.event, await checkedBody(request.event, schema, refusal));
  };
  return { name: 'jsonBody', before: jsonBodyBefore };
}

/**
 * @example export const handler = watchEndpoint({ route: routes.watchList, response: WatchList, run: ({ caller }) => list(caller) });
 */
export function watchEndpoint<
  S extends z.ZodType,
  B extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(options: WatchEndpointOptions<B, P, S>) {
  const { route } = options;
  const handler = spine(route, async (event: APIGatewayProxyEvent) => {
    const state = stateOf(event);
    return answered(route, options, () =>
      options.run({
        body: bodies.get(event) as z.output<B>,
        path: state.path as z.output<P>,
        caller: state.caller!,
      }),
    );
  })
    .use(apiKeyAuth(async () => (await stores()).keys))
    .use(validateRequest({ path: options.path }))
    .use(jsonBody(options.body));
  // The schemas travel with the handler, as endpoint()'s do: the OpenAPI document is built from them.
  return Object.assign(handler, {
    schemas: { path: options.path, body: options.body, response: options.response },
  });
}
