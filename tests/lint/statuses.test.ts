// Every status of the error vocabulary is written once: shared/errors.ts's STATUS, which every other module
// names. A search of shared/ and infra/ (outside the sandbox, which plays the sources, and the tests) for the
// literals 401, 429, 502, 503 and 504 in code (numbers and strings; prose in comments and messages aside)
// finds each in one place.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const LITERALS = ['401', '429', '502', '503', '504'];

/** The TypeScript files under `dir`, without the sandbox and the tests. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('sandbox/'))
    .map((f) => join(ROOT, dir, f));
}

/** Where a source writes one of the literals as a number or a string of its own, as `file:line literal`. */
function literalsIn(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const literal =
      ts.isNumericLiteral(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if (literal && LITERALS.includes(node.text))
      found.push(`${name}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the statuses of the error vocabulary', () => {
  it('finds a status written in code, and not one named in a comment or a message', () => {
    // Prepare
    const source = [
      '// answers 401 when the key is missing',
      "const a = { status: 401, when: 'the source answered 502' };",
      "const b = res.status === 502 ? '503' : `HTTP ${code}`;",
    ].join('\n');
    // Act
    const found = literalsIn('probe.ts', source);
    // Assess
    expect(found).toEqual(['probe.ts:2 401', 'probe.ts:3 502', 'probe.ts:3 503']);
  });

  it('writes each of 401, 429, 502, 503 and 504 once in shared/ and infra/', () => {
    // Prepare
    const files = [...sources('shared'), ...sources('infra')];
    // Act
    const found = files.flatMap((f) => literalsIn(relative(ROOT, f), readFileSync(f, 'utf8')));
    // Assess: one place each, the vocabulary's definition.
    expect(found.map((f) => f.replace(/:\d+ /, ' ')).sort()).toEqual(
      LITERALS.map((l) => `shared/errors.ts ${l}`),
    );
  });
});
