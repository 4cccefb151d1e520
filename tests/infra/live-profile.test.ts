// The live provider profile: its rules, the stack it deploys (each function with its own sources and only
// their secrets), and the rule that real hosts appear nowhere else in the repository.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { App, Validations } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfig } from '../../infra/config.ts';
import { LiveProfile, loadProfile, profileProviders } from '../../infra/live-profile.ts';
import { TravelApiStack } from '../../infra/stack.ts';
import { flattenResources, stackTemplates } from '../../infra/templates.ts';
import { routes } from '../../shared/routes/index.ts';

type Resource = { Type: string; Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = resolve(import.meta.dirname, '../..');
const profile = loadProfile();

describe('the profile', () => {
  it('enables only providers whose connector speaks the real format', () => {
    const enabled = Object.entries(profile.providers).filter(([, p]) => p.enabled);
    expect(enabled.length).toBeGreaterThan(0);
    for (const [, p] of enabled) expect(p.realFormat).toBe(true);
  });

  it('refuses to enable a provider still on the sandbox format, and undeclared secrets', () => {
    const raw = JSON.parse(readFileSync(join(ROOT, 'infra/live-profile.json'), 'utf8'));
    const enableSandbox = structuredClone(raw);
    Object.assign(enableSandbox.providers.site_b, { enabled: true, realFormat: false });
    expect(LiveProfile.safeParse(enableSandbox).success).toBe(false);
    const hiddenSecret = structuredClone(raw);
    hiddenSecret.providers.site_a.headers = { 'x-key': { secret: 'site_a_key' } };
    expect(LiveProfile.safeParse(hiddenSecret).success).toBe(false);
  });

  it('keeps secrets out: every key-like value is a secret reference or declared a public web-app key', () => {
    for (const p of Object.values(profile.providers)) {
      for (const [name, value] of Object.entries({ ...p.params, ...p.headers }))
        if (/key|token|secret|password/i.test(name) && !p.needs.publicKeys.includes(name))
          expect(value).toEqual({ secret: expect.any(String) });
    }
  });

  it('merges deployment settings over an entry and leaves disabled providers out', () => {
    const disabled = structuredClone(profile);
    disabled.providers.site_b!.enabled = false;
    const providers = profileProviders(disabled, {
      site_a: { proxy: { url: 'http://proxy.internal:3128' } },
    });
    expect(providers.site_a).toMatchObject({
      proxy: { url: 'http://proxy.internal:3128' },
      origins: profile.providers.site_a!.origins,
    });
    expect(providers.site_b).toBeUndefined();
  });
});

describe('rotating ids', () => {
  it('appear nowhere in the repository but the live profile', () => {
    const ids = Object.values(profile.providers).flatMap((p) =>
      Object.values(p.operations).filter((v) => /^[0-9a-f]{12,}$/i.test(v)),
    );
    expect(ids.length).toBeGreaterThan(0);
    const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && f !== 'infra/live-profile.json' && !f.endsWith('package-lock.json'));
    const offenders = tracked.flatMap((file) => {
      let text = '';
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        return [];
      }
      return ids.filter((id) => text.includes(id)).map((id) => `${file}: ${id}`);
    });
    expect(offenders).toEqual([]);
  });
});

describe('real hosts', () => {
  it('appear nowhere in the repository but the live profile', () => {
    const hosts = new Set<string>();
    for (const p of Object.values(profile.providers)) {
      for (const url of [p.baseUrl, ...Object.values(p.origins)]) hosts.add(new URL(url).hostname);
      for (const h of p.hosts) hosts.add(h);
    }
    // The registrable part (the last two labels, three under a country's second level such as co.uk or
    // com.au), so that no other subdomain slips through.
    const domains = [...hosts].map((h) => {
      const labels = h.split('.');
      const secondLevel = /^(co|com|net|org)$/.test(labels.at(-2)!) && labels.at(-1)!.length === 2;
      return labels.slice(secondLevel ? -3 : -2).join('.');
    });
    const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && f !== 'infra/live-profile.json' && !f.endsWith('package-lock.json'));
    const offenders: string[] = [];
    for (const file of tracked) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue;
      }
      for (const d of domains) if (text.toLowerCase().includes(d)) offenders.push(`${file}: ${d}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the stack deployed from the profile', () => {
  let resources: Record<string, Resource>;
  let outdir: string;

  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'cdk-live-'));
    const app = new App({
      outdir,
      context: {
        // Its templates are read, not its bundles: no bundling (what `cdk synth --exclusively` sets).
        [BUNDLING_STACKS]: [],
        profile: 'live',
        providers: {
          site_a: { proxy: { url: 'http://proxy.internal:3128', credentials: { secret: 'site_a_proxy' } } },
        },
      },
    });
    new TravelApiStack(app, 'Live', { config: readConfig((k) => app.node.tryGetContext(k)) });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    app.synth();
    // Every stack's resources, the routes' nested stacks included.
    resources = flattenResources(stackTemplates(join(outdir, 'Live.template.json'))) as Record<
      string,
      Resource
    >;
  }, 180_000);

  const fnFor = (path: string) =>
    Object.entries(resources).find(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).split(' ')[1] === `${path}:`,
    )!;
  const policyOf = (fnId: string) => {
    const roleId = (resources[fnId]!.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    return Object.values(resources)
      .filter(
        (r) =>
          r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId),
      )
      .flatMap((r) => r.Properties.PolicyDocument.Statement as { Action: string[]; Resource: unknown }[]);
  };
  const secretArns = (fnId: string) =>
    policyOf(fnId)
      .filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))
      .map((s) => JSON.stringify(s.Resource));

  it("gives each function only its own sources' configuration", () => {
    const [, search] = fnFor(routes.metaSearch.path);
    expect(Object.keys(JSON.parse(search.Properties.Environment.Variables.PROVIDERS))).toEqual([
      'web_search',
    ]);
    const [, photos] = fnFor(routes.siteAPhotos.path);
    const siteA = JSON.parse(photos.Properties.Environment.Variables.PROVIDERS).site_a;
    expect(siteA.origins.accommodations).toBe(profile.providers.site_a!.origins.accommodations);
    expect(siteA.proxy.url).toBe('http://proxy.internal:3128');
    const [, lookup] = fnFor(routes.coordinatesLookup.path);
    expect(lookup.Properties.Environment.Variables.PROVIDERS).toBeUndefined();
  });

  it('lets a function read exactly the secrets its sources name, through the extension layer', () => {
    const [searchId, search] = fnFor(routes.metaSearch.path);
    expect(secretArns(searchId)).toEqual([
      expect.stringContaining(':secret:travel-data-api/serp_api_key-??????'),
    ]);
    expect(search.Properties.Environment.Variables.PROVIDER_SECRETS_PREFIX).toBe('travel-data-api/');
    expect(JSON.stringify(search.Properties.Layers)).toContain('Paramsandsecretslayer');
    const [photosId] = fnFor(routes.siteAPhotos.path);
    expect(secretArns(photosId)).toEqual([
      expect.stringContaining(':secret:travel-data-api/site_a_proxy-??????'),
    ]);
    const [lookupId, lookup] = fnFor(routes.coordinatesLookup.path);
    expect(secretArns(lookupId)).toEqual([]);
    expect(lookup.Properties.Layers).toBeUndefined();
  });

  it('never puts a secret value in the template', () => {
    expect(JSON.stringify(resources)).not.toMatch(/resolve:secretsmanager|PROVIDER_SECRET_/);
  });

  it('passes the AwsSolutions checks', () => {
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[] }[];
    };
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions')!;
    expect(nag.violations).toEqual([]);
    expect(nag.conclusion).toBe('success');
  });
});
