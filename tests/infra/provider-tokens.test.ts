// The provider tokens (shared/tokens.ts) against what names a source elsewhere: the connector
// folders, the live profile and the route manifest. A source added in one place and not the others fails here.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONNECTOR_TOKENS, isProviderToken } from '../../shared/tokens.ts';
import { routeList } from '../../shared/routes/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PROVIDERS_DIR = join(ROOT, 'shared/providers');
/** Folders of shared/providers that are helpers, not sources: the SERP envelope and the meta platforms. */
const HELPER_FOLDERS = ['meta', 'serp'];

describe('provider tokens', () => {
  it('give every connector token its folder, and every connector folder a token', () => {
    // Prepare
    const folders = readdirSync(PROVIDERS_DIR).filter(
      (name) => statSync(join(PROVIDERS_DIR, name)).isDirectory() && !HELPER_FOLDERS.includes(name),
    );
    // Act
    const tokensOfFolders = folders.map((folder) => folder.replaceAll('-', '_'));
    // Assess
    expect(tokensOfFolders.sort()).toEqual([...CONNECTOR_TOKENS].sort());
  });

  it('give every connector folder the facade, request builders and extractors', () => {
    for (const token of CONNECTOR_TOKENS) {
      const folder = join(PROVIDERS_DIR, token.replaceAll('_', '-'));
      const files = readdirSync(folder);
      expect({
        token,
        files: ['index.ts', 'requests.ts', 'extract.ts'].filter((f) => !files.includes(f)),
      }).toEqual({
        token,
        files: [],
      });
    }
  });

  it('are the live profile providers, one entry per connector', () => {
    const profile = JSON.parse(readFileSync(join(ROOT, 'infra/live-profile.json'), 'utf8')) as {
      providers: Record<string, unknown>;
    };
    expect(Object.keys(profile.providers).sort()).toEqual([...CONNECTOR_TOKENS].sort());
  });

  it('name every source the manifest calls', () => {
    const unknown = routeList.flatMap((r) => (r.upstream ?? []).filter((token) => !isProviderToken(token)));
    expect(unknown).toEqual([]);
    const used = new Set(routeList.flatMap((r) => r.upstream ?? []));
    expect([...CONNECTOR_TOKENS].filter((token) => !used.has(token))).toEqual([]);
  });
});
