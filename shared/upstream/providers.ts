/**
 * Where each provider lives and how it is spoken to: its named origins, the public hosts accepted in
 * user-supplied URLs, the headers and parameters every request carries, its session bootstrap, its
 * outbound proxy and its operation ids. Deployed: the `PROVIDERS` environment variable (JSON, from
 * the live profile `infra/live-profile.json` and stack configuration). Locally and in tests: the
 * sandbox installs its own with `useProviders`. Nothing else knows which one it is.
 */
import * as z from 'zod';
import { UpstreamError } from './errors.ts';
import { ConfigValue, SecretRef, secretValue } from './secrets.ts';

export { secretVariable } from './secrets.ts';
export type { ConfigValue };

const Session = z.object({
  /** Origin and path of the page that hands out the session (cookies, a CSRF token in its HTML). */
  origin: z.string().default('pages'),
  path: z.string().default('/'),
  /** A regular expression whose first group is the CSRF token in the page, and the header that sends it. */
  csrf: z.object({ pattern: z.string(), header: z.string() }).optional(),
  /** How long a session is reused before it is fetched again (it is also redone after a 401 or 403). */
  ttlSeconds: z.number().int().positive().default(1_800),
});

export const ProviderConfig = z.object({
  /** The address every origin of the provider falls back to: one base for the sandbox, tests and recording proxies. */
  baseUrl: z.url(),
  /** Named origins (`pages`, `api`, `images`…) of a live source; an unnamed one falls back to `baseUrl`. */
  origins: z.record(z.string(), z.url()).default({}),
  /** Public hosts a user URL may name (lower-case, ASCII/punycode). */
  hosts: z.array(z.string()).default([]),
  /** Accept `http:` user URLs; only for a sandbox's hosts. */
  allowHttp: z.boolean().default(false),
  /** A base for URLs we hand to clients (e.g. signed image URLs); defaults to `baseUrl`. */
  publicBaseUrl: z.url().optional(),
  /** Query parameters every request to this provider carries (e.g. an API key of a search API). */
  params: z.record(z.string(), ConfigValue).default({}),
  /** Headers every request carries, over the browser-like defaults; an empty value removes a default. */
  headers: z.record(z.string(), ConfigValue).default({}),
  /**
   * Wire names of a provider's operations where its API selects them by a parameter value (a SERP
   * API's `engine`); unset operations are sent under their own name, as the sandbox expects.
   */
  engines: z.record(z.string(), z.string()).default({}),
  /** Persisted-query ids, operation hashes and similar rotating values, over the connectors' defaults. */
  operations: z.record(z.string(), z.string()).default({}),
  session: Session.optional(),
  /**
   * The most requests the whole deployment sends this source at once (deployed: slots shared through
   * DynamoDB); over it, the answer is 503 with Retry-After rather than a pile-up. Unset: no ceiling.
   */
  maxConcurrent: z.number().int().positive().optional(),
  /** An outbound HTTP(S) proxy (an unblocking proxy for bot-protected sources); credentials as a secret `user:password`. */
  proxy: z.object({ url: z.url(), credentials: SecretRef.optional() }).optional(),
});
export type ProviderConfig = z.infer<typeof ProviderConfig>;

const Providers = z.record(z.string(), ProviderConfig);
export type Providers = z.input<typeof Providers>;

let current: z.output<typeof Providers> | undefined;

/** @example providerConfig('site_a').baseUrl */
export function providerConfig(provider: string): ProviderConfig {
  current ??= Providers.parse(JSON.parse(process.env.PROVIDERS || '{}'));
  const config = current[provider];
  // A deployment without this source cannot reach it: an upstream failure, not a crash.
  if (!config) throw new UpstreamError(provider, 'the source is not configured for this deployment');
  return config;
}

/**
 * A configured value, with a secret reference read from the environment. A secret the deployment did
 * not provide is an upstream failure naming it (never the secret itself).
 * @example resolveValue('web_search', { secret: 'serp_api_key' })
 */
export function resolveValue(provider: string, value: ConfigValue): string {
  if (typeof value === 'string') return value;
  const resolved = secretValue(value.secret);
  if (!resolved)
    throw new UpstreamError(provider, `the secret ${value.secret} is not set in this deployment`);
  return resolved;
}

/** The wire value selecting `operation` on a provider. @example engineFor('maps_reviews', 'reviews') */
export function engineFor(provider: string, operation: string): string {
  return providerConfig(provider).engines[operation] ?? operation;
}

/**
 * A provider setting whose wire value the evidence leaves open (a sort code, a header name), from
 * configuration or the connector's documented default. Rotating ids have no default: `requiredOperation`.
 * @example operationId('site_c', 'reviews_sort', 'DATE')
 */
export function operationId(provider: string, operation: string, fallback: string): string {
  return providerConfig(provider).operations[operation] ?? fallback;
}

/**
 * A rotating operation id the provider cannot be spoken to without (a persisted-query id, an operation
 * hash or signature). Real values live only in the live profile, so there is no default in code: a
 * deployment that lacks one answers a 502 that names the setting to fill.
 * @example requiredOperation('site_c', 'reviews')
 */
export function requiredOperation(provider: string, operation: string): string {
  const value = providerConfig(provider).operations[operation];
  if (!value)
    throw new UpstreamError(
      provider,
      `operations.${operation} is not configured for this deployment (set it in the live profile)`,
    );
  return value;
}

/** The base URL of a named origin: its own, or the provider's `baseUrl`. @example originUrl(providerConfig('site_a'), 'api') */
export function originUrl(config: ProviderConfig, origin = 'pages'): string {
  return config.origins[origin] ?? config.baseUrl;
}

/**
 * A source's public site on its first configured host: the pages users open, and the Origin and Referer
 * its web app sends. `https://localhost` where no host is configured.
 * @example siteOrigin('chain_b') // 'https://all.chain-b.test'
 */
export function siteOrigin(provider: string): string {
  return `https://${providerConfig(provider).hosts[0] ?? 'localhost'}`;
}

/** Installs the providers for this process (the local server and tests point them at the sandbox). */
export function useProviders(next: Providers): void {
  current = Providers.parse(next);
}
