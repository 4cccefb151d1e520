/**
 * The web app's Apollo cache as site_a's pages embed it (`<script type="application/json"
 * data-capla-store-data="apollo">`): a normalised store in which a shared object is kept once, under a key
 * (`Property:{"id":42}`, `StarRating:{}`), and pointed to with `{"__ref": key}`; ROOT_QUERY's keys carry
 * their serialised arguments (`hotelPageByPageName({"input":…})`), so they are looked up by prefix, never
 * by the exact string (real-sources §16 site_a).
 */
import * as z from 'zod';
import { ExtractionError } from '../../extraction/errors.ts';
import { isRecord } from '../../extraction/values.ts';

export const APOLLO = /<script\b[^>]*\bdata-capla-store-data=["']apollo["'][^>]*>([\s\S]*?)<\/script>/;

export type ApolloStore = Record<string, unknown>;

/**
 * The store a page embeds, or undefined when the page has none.
 * @example apolloStoreIn(html)?.ROOT_QUERY
 */
export function apolloStoreIn(html: string): ApolloStore | undefined {
  const script = APOLLO.exec(html)?.[1];
  if (script === undefined) return undefined;
  try {
    return z.record(z.string(), z.unknown()).parse(JSON.parse(script));
  } catch (cause) {
    throw new ExtractionError('site_a', "the page's Apollo cache is not a JSON object", cause);
  }
}

/**
 * `value` with its references replaced by the objects they name (to a bounded depth: the store may be
 * cyclic). A reference to an object the store lacks becomes undefined, as an absent field.
 * @example resolveRefs({ __ref: 'StarRating:{}' }, store) // { value: 4, symbol: 'STARS' }
 */
export function resolveRefs(value: unknown, store: ApolloStore, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, store, depth + 1));
  const ref = (value as { __ref?: unknown }).__ref;
  if (typeof ref === 'string' && Object.keys(value).length === 1)
    return resolveRefs(store[ref], store, depth + 1);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, store, depth + 1)]));
}

/**
 * The first field of `object` whose key starts with `prefix` (an argument-keyed field), and that `having`
 * accepts; undefined when there is none.
 * @example fieldByPrefix(root, 'reviewsFrontend(')
 */
export function fieldByPrefix(
  object: unknown,
  prefix: string,
  having: (value: unknown) => boolean = () => true,
): unknown {
  if (!isRecord(object)) return undefined;
  for (const [key, value] of Object.entries(object))
    if (key.startsWith(prefix) && having(value)) return value;
  return undefined;
}

/**
 * Whether a value is an object holding a field whose key starts with `prefix`.
 * @example fieldByPrefix(root, 'hotelPageByPageName(', holds('propertyDetails('))
 */
export const holds =
  (prefix: string) =>
  (value: unknown): boolean =>
    isRecord(value) && Object.keys(value).some((k) => k.startsWith(prefix));
