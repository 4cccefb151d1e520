/**
 * The provider tokens: the contract's names of the sources the API reads, as the manifest
 * (`Route.provider`, `Route.upstream`), the providers configuration and the live profile name them.
 * A connector token has its folder in `shared/providers/` (the token with `-` for `_`); the link-only
 * platforms are matched by URL (meta match and search) and configured for their public hosts alone.
 */

/** The sources with a connector: one folder each in `shared/providers/`. */
export const CONNECTOR_TOKENS = [
  'web_search',
  'maps_reviews',
  'maps_hotels',
  'site_a',
  'site_b',
  'site_c',
  'site_g',
  'chain_a',
  'chain_b',
  'chain_c',
  'rental',
  'dining',
] as const;

/** Platforms the meta endpoints recognise by their hotel page URLs, with no connector of their own. */
export const LINK_ONLY_TOKENS = ['site_d', 'site_e', 'site_f', 'site_h'] as const;

/** A source with a connector, by its contract token. @example const token: ConnectorToken = 'site_a' */
export type ConnectorToken = (typeof CONNECTOR_TOKENS)[number];

/** Any source the contract names. @example const token: ProviderToken = 'site_d' */
export type ProviderToken = ConnectorToken | (typeof LINK_ONLY_TOKENS)[number];

/** Whether `name` is a provider token. @example isProviderToken('site_a') // true */
export function isProviderToken(name: string): name is ProviderToken {
  return (
    (CONNECTOR_TOKENS as readonly string[]).includes(name) ||
    (LINK_ONLY_TOKENS as readonly string[]).includes(name)
  );
}
