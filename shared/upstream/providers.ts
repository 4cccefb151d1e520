/**
 * Where each provider lives: the base URL fetched and the public hosts accepted in user-supplied
 * URLs. Deployed: the `PROVIDERS` environment variable (JSON, from stack configuration). Locally and
 * in tests: the sandbox installs its own with `useProviders`. Nothing else knows which one it is.
 */
import * as z from 'zod';
import { UpstreamError } from './errors.ts';

export const ProviderConfig = z.object({
  baseUrl: z.url(),
  /** Public hosts a user URL may name (lower-case, ASCII/punycode). */
  hosts: z.array(z.string()).default([]),
  /** Accept `http:` user URLs; only for a sandbox's hosts. */
  allowHttp: z.boolean().default(false),
  /** A base for URLs we hand to clients (e.g. signed image URLs); defaults to `baseUrl`. */
  publicBaseUrl: z.url().optional(),
  /** Query parameters every request to this provider carries (e.g. an API key of a search API). */
  params: z.record(z.string(), z.string()).default({}),
  /**
   * Wire names of a provider's operations where its API selects them by a parameter value (a SERP
   * API's `engine`); unset operations are sent under their own name, as the sandbox expects.
   */
  engines: z.record(z.string(), z.string()).default({}),
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

/** The wire value selecting `operation` on a provider. @example engineFor('maps_reviews', 'reviews') */
export function engineFor(provider: string, operation: string): string {
  return providerConfig(provider).engines[operation] ?? operation;
}

/** Installs the providers for this process (the local server and tests point them at the sandbox). */
export function useProviders(next: Providers): void {
  current = Providers.parse(next);
}
