/**
 * The live provider profile (`infra/live-profile.json`): per provider, its real origins, public hosts,
 * operation ids, named secrets, what it needs (a SERP API key, a proxy), its evidence and its doubts.
 * The stack deploys the enabled providers, with deployment overrides from CDK context merged over them;
 * the canary reads the same file.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { ProviderConfig, type Providers } from '../shared/upstream/providers.ts';
import { secretNames } from '../shared/upstream/secrets.ts';

const LiveProvider = ProviderConfig.extend({
  /** Deployed by the stack; a disabled provider answers 502 "not configured". */
  enabled: z.boolean(),
  /** The connector speaks this source's real format (false: it still speaks the sandbox's invented one). */
  realFormat: z.boolean(),
  needs: z.object({
    secrets: z.array(z.string()),
    proxy: z.enum(['no', 'recommended', 'required', 'unknown']),
    /** Header or parameter names whose values are public web-app keys (read from the sites' own bundles). */
    publicKeys: z.array(z.string()).default([]),
  }),
  evidence: z.array(z.string()).min(1),
  doubts: z.array(z.string()).default([]),
}).superRefine((p, ctx) => {
  const used = secretNames(p).sort();
  if (JSON.stringify(used) !== JSON.stringify([...p.needs.secrets].sort()))
    ctx.addIssue({
      code: 'custom',
      message: `needs.secrets ${p.needs.secrets.join(',')} differ from the secrets used: ${used.join(',')}`,
    });
  if (p.enabled && !p.realFormat)
    ctx.addIssue({
      code: 'custom',
      message: 'a provider whose connector does not speak the real format cannot be enabled',
    });
});

export const LiveProfile = z.object({
  version: z.literal(1),
  reviewed: z.iso.date(),
  providers: z.record(z.string(), LiveProvider),
  canary: z.object({ examples: z.record(z.string(), z.string().startsWith('/')) }).default({ examples: {} }),
});
export type LiveProfile = z.infer<typeof LiveProfile>;

export const DEFAULT_PROFILE_PATH = resolve(import.meta.dirname, 'live-profile.json');

/** @example loadProfile().providers.site_a.origins.accommodations */
export function loadProfile(path = DEFAULT_PROFILE_PATH): LiveProfile {
  return LiveProfile.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/**
 * The provider configuration a deployment runs with: the profile's enabled providers, each with the
 * deployment's own settings (a proxy, another origin) merged over it.
 * @example profileProviders(loadProfile(), { site_a: { proxy: { url: 'http://proxy.internal:8080' } } })
 */
export function profileProviders(
  profile: LiveProfile,
  overrides: Record<string, Record<string, unknown>> = {},
): Providers {
  const out: Providers = {};
  for (const [name, entry] of Object.entries(profile.providers)) {
    if (!entry.enabled) continue;
    // The profile's own fields (enabled, needs, evidence…) are not configuration: parsing strips them.
    out[name] = ProviderConfig.parse({ ...entry, ...overrides[name] });
  }
  for (const [name, config] of Object.entries(overrides))
    if (!(name in out)) out[name] = ProviderConfig.parse(config);
  return out;
}
