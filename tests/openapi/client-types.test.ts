// A client can build on the document: the TypeScript types openapi-typescript generates from it type the
// success body of each operation, so a typed fetch client reads a coordinate as a number, and the compiler
// refuses to read it as anything else.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { buildOpenApi } from '../../infra/openapi.ts';

// cdk.out is the project's scratch space: git, eslint, prettier and tsconfig all leave it alone.
const OUT = resolve(import.meta.dirname, '../../cdk.out/openapi/client');

/** The compiler's diagnostics for these files, one line each. */
function diagnostics(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(OUT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000', headers: { 'x-api-key': 'key' } });

export async function firstLatitude(term: string): Promise<number> {
  const { data, error } = await client.GET('/v1/meta/coordinates-lookup', {
    params: { query: { term, limit: 3 } },
  });
  if (error) throw new Error(\`lookup failed: \${JSON.stringify(error)}\`);
  const n: number = data.locations[0]!.latitude;
  return n;
}

type Coordinates = paths['/v1/meta/coordinates-lookup']['get']['responses'][200]['content']['application/json'];
export const latitudeOf = (body: Coordinates): number => body.locations[0]!.latitude;
`;

// The control: the same read typed as a string must not compile, or the check above proves nothing.
const WRONG = `import type { paths } from './api.ts';

type Coordinates = paths['/v1/meta/coordinates-lookup']['get']['responses'][200]['content']['application/json'];
export const latitudeOf = (body: Coordinates): string => body.locations[0]!.latitude;
`;

describe('TypeScript types generated from the OpenAPI document', () => {
  beforeAll(async () => {
    // Prepare: generate the types, as a client would, from the document npm run openapi writes
    const doc = await buildOpenApi();
    const types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'api.ts'), types);
    writeFileSync(join(OUT, 'client.ts'), CLIENT);
    writeFileSync(join(OUT, 'wrong.ts'), WRONG);
  });

  it('compile a typed client that reads locations[0].latitude of the coordinates lookup as a number', () => {
    // Act
    const found = diagnostics([join(OUT, 'client.ts')]);
    // Assess
    expect(found).toEqual([]);
  });

  it('refuse the same latitude read as a string', () => {
    const found = diagnostics([join(OUT, 'wrong.ts')]);
    expect(found).toEqual([
      expect.stringMatching(/^wrong\.ts:4 TS2322 Type 'number' is not assignable to type 'string'/),
    ]);
  });
});
