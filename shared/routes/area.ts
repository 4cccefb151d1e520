/**
 * An area of the manifest (one file: a source's routes, the service's, the accounts') states what its routes
 * share once, and each entry only what is its own: path, product, its own errors, summary, example, and
 * whatever it does differently from its area. `area()` fills in the rest, so every reader of the manifest
 * (the stack, the local server, the bundles, OpenAPI, MCP, the tests) sees whole `Route` objects.
 */
import type { ConnectorToken } from '../tokens.ts';
import { INVALID_PARAMETERS, type Route } from './types.ts';

/** What an area's routes share, unless an entry says otherwise. */
export interface AreaDefaults {
  provider: Route['provider'];
  /** The handlers' folder under `functions/`; by default the provider's token with `-` for `_`. */
  folder?: string;
  /** The start the area's ids share, left out of a handler's file name; by default the token in camelCase. */
  idPrefix?: string;
  method?: Route['method'];
  auth?: boolean;
  upstream?: readonly ConnectorToken[];
  validation?: Route['validation'];
  kind?: Route['kind'];
  counted?: Route['counted'];
}

/**
 * A route as its area declares it. `handler` is the handler's file name in the area's folder, given only
 * when it is not the id's own words (`siteAHotelRooms` → `hotel-rooms`); a property set to `undefined`
 * (a route of a source's area that calls no source: `upstream: undefined`) is left out.
 */
export type AreaEntry = Partial<Omit<Route, 'handler' | 'provider'>> &
  Pick<Route, 'path' | 'product' | 'summary' | 'example'> & { handler?: string };

/** What every route has unless its area or entry says otherwise. */
const BASE = { method: 'GET', auth: true, validation: INVALID_PARAMETERS, errors: {} } as const;

/** An entry with its area's defaults filled in: the `Route` every reader sees, its literal types kept. */
export type AreaRoute<A extends AreaDefaults, E extends AreaEntry> = Omit<typeof BASE, keyof A | keyof E> &
  Omit<A, 'folder' | 'idPrefix' | keyof E> &
  Omit<E, 'handler'> & { handler: string };

const camel = (token: string) => token.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const kebab = (words: string) => words.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase();

/** An area's routes, each whole. */
type AreaRoutes<A extends AreaDefaults, E extends Record<string, AreaEntry>> = {
  [K in keyof E]: AreaRoute<A, E[K]>;
};

/**
 * The area's routes, each whole: the defaults, the entry over them, the handler's path from the id. A
 * source's area is named by its token alone: its routes call that source.
 * @example
 * export const chainARoutes = area('chain_a', {
 *   chainASearch: { path: '/v1/chain_a/search', product: 'search', summary: '…', example: '…' },
 * }); // chainARoutes.chainASearch.handler === 'functions/chain-a/search.ts', upstream ['chain_a']
 */
export function area<const P extends ConnectorToken, const E extends Record<string, AreaEntry>>(
  source: P,
  entries: E,
): AreaRoutes<{ provider: P; upstream: readonly [P] }, E>;
export function area<const A extends AreaDefaults, const E extends Record<string, AreaEntry>>(
  defaults: A,
  entries: E,
): AreaRoutes<A, E>;
export function area(defaults: ConnectorToken | AreaDefaults, entries: Record<string, AreaEntry>) {
  const declared = typeof defaults === 'string' ? { provider: defaults, upstream: [defaults] } : defaults;
  const {
    folder = declared.provider.replaceAll('_', '-'),
    idPrefix = camel(declared.provider),
    ...shared
  } = declared;
  return Object.fromEntries(
    Object.entries(entries).map(([id, entry]) => {
      const file = entry.handler ?? kebab(id.startsWith(idPrefix) ? id.slice(idPrefix.length) : id);
      const route = { ...BASE, ...shared, ...entry, handler: `functions/${folder}/${file}.ts` };
      return [id, Object.fromEntries(Object.entries(route).filter(([, value]) => value !== undefined))];
    }),
  );
}
