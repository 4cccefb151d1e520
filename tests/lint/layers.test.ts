// The layers and the no-cycle rule hold by lint, not by habit: ESLint (eslint.config.js) run through its
// Node API on temporary files written into shared/ and functions/ reports a shared/ → infra/ import, a
// functions/ → infra/ import, a handler's import of a connector module other than its index.ts, an import
// from a lower layer of shared/ to a higher one (the extraction toolkit's of the transport among them), and
// an import cycle (a value one, a type-only one, a dynamic one), and nothing for an import that respects
// the layers.
import { afterAll, describe, expect, it } from '@jest/globals';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(import.meta.dirname, '../..');
// Unique per run, so engineers and runs sharing the tree never meet each other's files.
const TAG = `lint-probe-${process.pid}-${Date.now()}`;
const written: string[] = [];

/** Writes a temporary source file under the project root and returns its absolute path. */
function probe(relative: string, source: string): string {
  const path = join(ROOT, relative);
  writeFileSync(path, source);
  written.push(path);
  return path;
}

/** The rule ids and messages ESLint reports for one file. */
async function lint(path: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await new ESLint({ cwd: ROOT }).lintFiles([path]);
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

afterAll(() => {
  for (const path of written) rmSync(path, { force: true });
});

describe('lint of the layers', () => {
  it.each([
    [
      'shared/',
      "export { TravelApiStack } from '../infra/stack.ts';\n",
      'shared/ imports neither infra/, functions/ nor web/',
    ],
    [
      'functions/',
      "export { buildOpenApi } from '../infra/openapi.ts';\n",
      'functions/ do not import infra/',
    ],
  ])(
    'fails a %s file that imports infra/',
    async (folder, source, message) => {
      // Prepare
      const file = probe(`${folder}${TAG}.ts`, source);
      // Act
      const messages = await lint(file);
      // Assess
      expect(messages).toContainEqual({
        rule: 'no-restricted-imports',
        message: expect.stringContaining(message),
      });
    },
    60_000,
  );

  it("fails a functions/ file that imports a connector's module other than index.ts", async () => {
    // Prepare
    const file = probe(
      `functions/${TAG}-facade.ts`,
      "export { parseSiteBUrl } from '../shared/providers/site-b/urls.ts';\nexport { siteB } from '../shared/providers/site-b/index.ts';\n",
    );
    // Act
    const messages = await lint(file);
    // Assess
    expect(messages).toEqual([
      {
        rule: 'no-restricted-imports',
        message: expect.stringContaining("A handler imports a connector's index.ts only"),
      },
    ]);
  }, 60_000);

  it('fails an import cycle', async () => {
    const a = probe(
      `shared/${TAG}-a.ts`,
      `import { b } from './${TAG}-b.ts';\nexport const a = (): number => b + 1;\n`,
    );
    probe(
      `shared/${TAG}-b.ts`,
      `import { a } from './${TAG}-a.ts';\nexport const b = 1;\nexport const c = a;\n`,
    );
    const messages = await lint(a);
    expect(messages.map((m) => m.rule)).toContain('local/no-cycle');
  }, 60_000);

  it('fails an import cycle whose one side imports types only', async () => {
    // Prepare
    const a = probe(
      `shared/${TAG}-ta.ts`,
      `import type { B } from './${TAG}-tb.ts';\nexport const a = (b: B): number => b.n;\n`,
    );
    const b = probe(
      `shared/${TAG}-tb.ts`,
      `import { a } from './${TAG}-ta.ts';\nexport interface B { n: number }\nexport const twice = (b: B) => 2 * a(b);\n`,
    );
    // Act
    const [fromA, fromB] = [await lint(a), await lint(b)];
    // Assess
    expect(fromA).toContainEqual({ rule: 'local/no-cycle', message: expect.stringContaining('(type-only)') });
    expect(fromB).toContainEqual({ rule: 'local/no-cycle', message: expect.stringContaining('(value)') });
  }, 60_000);

  it('fails an import cycle closed by a dynamic import', async () => {
    const a = probe(
      `shared/${TAG}-da.ts`,
      `export const load = () => import('./${TAG}-db.ts');\nexport interface A { n: number }\n`,
    );
    probe(
      `shared/${TAG}-db.ts`,
      `import type { A } from './${TAG}-da.ts';\nexport const one: A = { n: 1 };\n`,
    );
    const messages = await lint(a);
    expect(messages).toContainEqual({
      rule: 'local/no-cycle',
      message: expect.stringContaining('(dynamic)'),
    });
  }, 60_000);

  // The extraction toolkit sits below the transport, which reads answers through it.
  it.each([
    ['schemas', 'routes', "import type { Route as T } from '../routes/types.ts';"],
    ['extraction', 'upstream', "import type { UpstreamRequest as T } from '../upstream/request.ts';"],
  ])(
    'fails an import from shared/%s to shared/%s, a higher layer, type-only included',
    async (lower, higher, line) => {
      const file = probe(
        `shared/${lower}/${TAG}.ts`,
        `${line}\nexport const path = (r: T): string => r.path;\n`,
      );
      const messages = await lint(file);
      expect(messages).toContainEqual({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining(`shared/${lower} sits below shared/${higher}`),
      });
    },
    60_000,
  );

  it('passes an import from a higher layer of shared/ to a lower one, and the tokens from below', async () => {
    const file = probe(
      `shared/upstream/${TAG}.ts`,
      "import { isDay } from '../schemas/params.ts';\nimport { isProviderToken } from '../tokens.ts';\nexport const both = (s: string) => isDay(s) || isProviderToken(s);\n",
    );
    expect(await lint(file)).toEqual([]);
  }, 60_000);

  it('passes a shared/ file that imports only shared/', async () => {
    const file = probe(`shared/${TAG}-ok.ts`, "export { routes } from './routes/index.ts';\n");
    expect(await lint(file)).toEqual([]);
  }, 60_000);
});
