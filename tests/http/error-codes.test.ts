// Every error_code a route's schemas can claim is one the route declares. A refinement claims a code with
// `params: { error_code }` (zod's refine) or through `coded()` and `codedTransform()` (shared/schemas/params.ts,
// where lint sends every other one), and the validation answers it with the status the manifest gives; a code
// the route does not declare would silently fall back to the route's generic validation code. claimedCodes
// walks each handler's query, path and body schemas (objects, wrappers, pipes, unions, arrays, the checks on
// each) and this holds every route to its codes.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { errorSpec, routes, type Route } from '../../shared/routes/index.ts';
import { claimedCodes, coded, codedTransform, dateParam, idParam } from '../../shared/schemas/params.ts';

interface Schemas {
  query?: unknown;
  path?: unknown;
  body?: unknown;
}

/** The codes a route's schemas claim that the route does not declare (so would never be answered). */
function undeclaredCodes(route: Route, schemas: Schemas): string[] {
  const claimed = [schemas.query, schemas.path, schemas.body].flatMap((s) => [...claimedCodes(s)]);
  return [...new Set(claimed)].filter((code) => !errorSpec(route, code)).sort();
}

const probeRoute = (errors: Route['errors']): Route => ({
  method: 'GET',
  path: '/v1/probe',
  handler: 'functions/probe.ts',
  provider: 'meta',
  product: 'probe',
  auth: false,
  validation: { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' },
  errors,
  summary: 'Probe',
  example: '/v1/probe',
});

describe('the walk of a route schema', () => {
  it('finds a code claimed deep inside wrapped, piped and refined schemas', () => {
    // Prepare
    const query = z
      .object({
        id: idParam(/^\d+$/, 'INVALID_PROBE_ID', 'must be digits').optional(),
        day: z
          .union([z.literal('today'), dateParam({ format: { error_code: 'INVALID_DAY' } })])
          .default('today'),
        tags: z.array(
          z
            .string()
            .trim()
            .pipe(z.string().refine((t) => t !== 'x', { params: { error_code: 'BAD_TAG' } })),
        ),
      })
      .check(
        coded(['MISSING_ID'], (q: { id?: string }, ctx) => {
          if (!q.id) ctx.claim('MISSING_ID', 'is required', ['id']);
        }),
      )
      .transform(
        codedTransform(['UNREADABLE'], (q: { id?: string }, ctx) => {
          if (q.id === '0') ctx.claim('UNREADABLE', 'reads as nothing', ['id']);
          return q;
        }),
      );
    // Act
    const codes = claimedCodes(query);
    // Assess
    expect([...codes].sort()).toEqual([
      'BAD_TAG',
      'INVALID_DAY',
      'INVALID_PROBE_ID',
      'MISSING_ID',
      'UNREADABLE',
    ]);
  });

  it('lists a claimed code the route does not declare, and nothing once it does', () => {
    // Prepare
    const query = z.object({ id: idParam(/^\d+$/, 'INVALID_PROBE_ID', 'must be digits') });
    const silent = probeRoute({});
    const declared = probeRoute({ INVALID_PROBE_ID: { status: 400, when: 'id is not digits' } });
    // Act
    const missing = undeclaredCodes(silent, { query });
    const none = undeclaredCodes(declared, { query });
    // Assess
    expect(missing).toEqual(['INVALID_PROBE_ID']);
    expect(none).toEqual([]);
  });
});

describe('every route declares the codes its schemas claim', () => {
  it('no handler claims an error_code its route does not declare', async () => {
    // Prepare
    const entries = Object.entries(routes) as [string, Route][];
    // Act
    const undeclared: string[] = [];
    for (const [id, route] of entries) {
      const mod = (await import(`../../${route.handler}`)) as { handler?: { schemas?: Schemas } };
      for (const code of undeclaredCodes(route, mod.handler?.schemas ?? {}))
        undeclared.push(`${id} (${route.path}): ${code}`);
    }
    // Assess
    expect(undeclared).toEqual([]);
  }, 120_000);

  it('reads the schemas of every data route', async () => {
    // A handler that stopped exposing its schemas would make the walk above pass by seeing nothing.
    const data = (Object.values(routes) as Route[]).filter((r) => !r.kind && r.validation.kind === 'problem');
    const without: string[] = [];
    for (const route of data) {
      const mod = (await import(`../../${route.handler}`)) as { handler?: { schemas?: Schemas } };
      if (!mod.handler?.schemas) without.push(route.path);
    }
    expect(without).toEqual([]);
  }, 120_000);
});
