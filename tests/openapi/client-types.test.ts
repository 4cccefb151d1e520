// A client can build on the document the service serves: the TypeScript types openapi-typescript generates
// from GET /openapi.json type each operation's parameters and success body, so a typed openapi-fetch client
// compiles against them, reads a coordinate as a number (and the compiler refuses to read it as anything
// else), and the same client, run against the local server, gets what its types say.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

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

// Three operations: query parameters, a path parameter, an enumerated parameter.
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

export function travelClient(baseUrl: string, key: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'x-api-key': key } });
  return {
    async firstLatitude(term: string): Promise<number> {
      const { data, error } = await client.GET('/v1/meta/coordinates-lookup', {
        params: { query: { term, limit: 3 } },
      });
      if (error) throw new Error(\`lookup failed: \${JSON.stringify(error)}\`);
      const n: number = data.locations[0]!.latitude;
      return n;
    },
    async stayNights(listingId: number, checkIn: string, checkOut: string): Promise<number> {
      const { data, error } = await client.GET('/v1/rental/listing/{listing_id}/pricing', {
        params: { path: { listing_id: listingId }, query: { check_in: checkIn, check_out: checkOut, adults: 2 } },
      });
      if (error) throw new Error(\`pricing failed: \${JSON.stringify(error)}\`);
      return data.nights;
    },
    async newestReviewRatings(dataId: string): Promise<(number | null)[]> {
      const { data, error } = await client.GET('/v1/maps_reviews/reviews', {
        params: { query: { data_id: dataId, sort_by: 'newest' } },
      });
      if (error) throw new Error(\`reviews failed: \${JSON.stringify(error)}\`);
      return data.reviews.map((r) => r.rating);
    },
  };
}

type Coordinates = paths['/v1/meta/coordinates-lookup']['get']['responses'][200]['content']['application/json'];
export const latitudeOf = (body: Coordinates): number => body.locations[0]!.latitude;
`;

// The control: the same read typed as a string must not compile, or the check above proves nothing.
const WRONG = `import type { paths } from './api.ts';

type Coordinates = paths['/v1/meta/coordinates-lookup']['get']['responses'][200]['content']['application/json'];
export const latitudeOf = (body: Coordinates): string => body.locations[0]!.latitude;
`;

interface TravelClient {
  firstLatitude(term: string): Promise<number>;
  stayNights(listingId: number, checkIn: string, checkOut: string): Promise<number>;
  newestReviewRatings(dataId: string): Promise<(number | null)[]>;
}

let api: TestServer;
let servers: unknown;

describe('TypeScript types generated from the served OpenAPI document', () => {
  beforeAll(async () => {
    // Prepare: generate the types, as a client would, from the document the local server serves
    api = await startTestServer();
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as Parameters<typeof openapiTS>[0];
    servers = (doc as { servers?: unknown }).servers;
    const types = astToString(await openapiTS(doc));
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'api.ts'), types);
    writeFileSync(join(OUT, 'client.ts'), CLIENT);
    writeFileSync(join(OUT, 'wrong.ts'), WRONG);
  });
  afterAll(() => api.close());

  it('name the server that served them as the server', () => {
    expect(servers).toEqual([{ url: api.url, description: 'This deployment' }]);
  });

  it('compile a typed client of three operations that reads locations[0].latitude as a number', () => {
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

  it('make a client that calls the three operations of the running server', async () => {
    // Prepare
    const { travelClient } = (await import(pathToFileURL(join(OUT, 'client.ts')).href)) as {
      travelClient(baseUrl: string, key: string): TravelClient;
    };
    const client = travelClient(api.url, KEYS.pro);
    // Act
    const latitude = await client.firstLatitude('paris');
    const nights = await client.stayNights(40000001, '2030-06-01', '2030-06-04');
    const ratings = await client.newestReviewRatings('0x47e67d23e9013691:0x8a0000000865e28');
    // Assess
    expect(latitude).toBeCloseTo(48.85, 1);
    expect(nights).toBe(3);
    expect(ratings.length).toBeGreaterThan(0);
    for (const rating of ratings) expect(rating).toBeGreaterThanOrEqual(1); // every sandbox review shows its stars
  });
});
