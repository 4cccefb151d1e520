// Function bundles leave out the schemas' `.meta(…)` documentation (infra/bundle-plugins.ts schemaDocsPlugin):
// the calls are found by a scan, checked here against TypeScript's own parse of every module a function
// may bundle, and blanked with every line and column kept.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { metaCalls, withoutSchemaDocs } from '../../infra/bundle-plugins.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The `.meta(…)` calls with arguments as TypeScript parses them, outermost only: from the dot (or `?.`). */
function parsedMetaCalls(file: string, source: string): [number, number][] {
  const calls: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length > 0 &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'meta'
    ) {
      const { name, questionDotToken } = node.expression;
      calls.push([name.pos - (questionDotToken ? 2 : 1), node.end]);
      visit(node.expression.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return calls.sort(([a], [b]) => a - b);
}

/** Every module functions bundle from our code: functions/ and shared/, tests left out. */
const modules = ['functions', 'shared'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(dir, f)),
);

describe('metaCalls', () => {
  it('finds, in every module a function may bundle, exactly the calls TypeScript parses', () => {
    const differing = modules.filter((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      return JSON.stringify(metaCalls(source)) !== JSON.stringify(parsedMetaCalls(file, source));
    });
    expect(differing).toEqual([]);
    // The scan is checked on the modules that hold the schemas, not on a tree without any.
    expect(
      modules.filter((f) => readFileSync(join(ROOT, f), 'utf8').includes('.meta(')).length,
    ).toBeGreaterThan(30);
  });

  it("reads past parentheses in strings, templates and comments, and takes a call inside another's arguments with it", () => {
    const source = [
      "a.meta({ d: 'x (y', e: \"z ) \\\" )\", f: `t ${g({ h: ')' })} )`, /* ) */ i: 1, // )",
      '}).optional()?.meta({ j: 2 });',
      'b.meta(c.meta({ k: 3 }) ?? {});',
    ].join('\n');
    const calls = metaCalls(source).map(([start, end]) => source.slice(start, end));
    expect(calls).toEqual([
      source.slice(1, source.indexOf(').optional') + 1),
      '?.meta({ j: 2 })',
      '.meta(c.meta({ k: 3 }) ?? {})',
    ]);
  });

  it('leaves `.meta()` without arguments, which reads the documentation, and refuses a call that does not close', () => {
    expect(metaCalls('const m = s.meta() ?? {};')).toEqual([]);
    expect(() => metaCalls("s.meta({ description: 'open'")).toThrow(/does not close/);
  });
});

describe('withoutSchemaDocs', () => {
  it('blanks each call, keeping every line and column', () => {
    const source = "const id = z\n  .string()\n  .meta({\n    description: 'Id',\n  })\n  .optional();";
    const blanked = withoutSchemaDocs(source);
    expect(blanked).toHaveLength(source.length);
    expect(blanked.split('\n').map((l) => l.length)).toEqual(source.split('\n').map((l) => l.length));
    expect(blanked.replace(/\s+/g, '')).toBe('constid=z.string().optional();');
  });
});
