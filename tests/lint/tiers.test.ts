// The test tiers (jest.config.js): every test file is in exactly one, so that `npm test` (every tier) runs
// each file once and each tier's script (`npm run test:unit`, `test:http`, `test:slow`) runs its own. Files
// are matched as jest matches them: `testMatch` globs, less the `testPathIgnorePatterns` expressions.
import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { globsToMatcher } from 'jest-util';

interface Tier {
  testMatch: string[];
  testPathIgnorePatterns?: string[];
}
// jest.config.js is JavaScript (jest reads it without a transform): its shape is stated here.
const { default: config, TIERS } = (await import('../../jest.config.js' as string)) as {
  default: { projects: { displayName: string }[] };
  TIERS: Record<string, Tier>;
};
const ROOT = resolve(import.meta.dirname, '../..');

/** Every test file under a folder of the project. */
function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts') && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

/** The tiers whose project would run a file. */
function tiersOf(path: string): string[] {
  const rooted = (s: string) => s.replace('<rootDir>', ROOT);
  return Object.entries(TIERS)
    .filter(
      ([, tier]) =>
        globsToMatcher(tier.testMatch.map(rooted))(path) &&
        !(tier.testPathIgnorePatterns ?? []).some((p) => new RegExp(rooted(p)).test(path)),
    )
    .map(([name]) => name);
}

describe('test tiers', () => {
  it('puts every test file in exactly one tier', () => {
    const files = [...testFiles('tests'), ...testFiles('shared')];
    expect(files.length).toBeGreaterThan(100);
    const notInOne = files
      .map((f) => ({ file: relative(ROOT, f), tiers: tiersOf(f) }))
      .filter(({ tiers }) => tiers.length !== 1);
    expect(notInOne).toEqual([]);
  });

  it('runs every tier in the whole run, each a jest project of its name', () => {
    expect(config.projects.map((p) => p.displayName)).toEqual(['unit', 'http', 'slow']);
    expect(Object.keys(TIERS)).toEqual(['unit', 'http', 'slow']);
  });

  it('places the slow files in the slow tier and the pure code in the unit tier', () => {
    expect(tiersOf(join(ROOT, 'tests/fuzz/fault-matrix.test.ts'))).toEqual(['slow']);
    expect(tiersOf(join(ROOT, 'tests/infra/stack.test.ts'))).toEqual(['slow']);
    expect(tiersOf(join(ROOT, 'tests/http/platform.test.ts'))).toEqual(['http']);
    expect(tiersOf(join(ROOT, 'shared/hash.test.ts'))).toEqual(['unit']);
  });
});
