// The OpenAPI document is built from the manifest and the schemas that validate requests and check
// responses: every route, every parameter with what the API enforces, every success body, every declared
// error code in the body it is rendered in, and the headers the API sends.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApi, type JsonSchema, type OpenApiDocument, type Operation } from '../../infra/openapi.ts';
import {
  documentedErrors,
  operationEntries,
  operationList,
  routeList,
  routes,
  statusesOf,
  type Route,
} from '../../shared/routes/index.ts';
import { documentValidator } from '../openapi/document.ts';

let doc: OpenApiDocument;
let v: ReturnType<typeof documentValidator>;
beforeAll(async () => {
  doc = await buildOpenApi();
  v = documentValidator(doc);
});

const op = (route: Route): Operation => doc.paths[route.path]![route.method.toLowerCase()]!;
const param = (route: Route, name: string) => op(route).parameters.find((p) => p.name === name);
const component = (ref: unknown): JsonSchema => {
  const name = String((ref as { $ref?: string }).$ref).replace('#/components/schemas/', '');
  return doc.components.schemas[name] ?? {};
};
/** The schemas of one media type of a response: the one, or each of a oneOf. */
const variants = (schema: JsonSchema): JsonSchema[] =>
  Array.isArray(schema.oneOf) ? (schema.oneOf as JsonSchema[]) : [schema];

describe('OpenAPI document', () => {
  it('has every manifest operation with its key requirement and exactly its documented statuses', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of operationList) {
      expect(op(route)).toBeDefined();
      expect(op(route).security).toEqual(route.auth ? [{ apiKey: [] }] : []);
      expect(Object.keys(op(route).responses).map(Number)).toEqual(statusesOf(route));
    }
  });

  it('gives every 200 a body schema generated from the response schema its handler checks', () => {
    // Routes whose handler carries no response schema yet are named in the failure.
    const without = operationEntries
      .filter(([, route]) => {
        const schema = op(route).responses['200']!.content!['application/json']!.schema;
        const body = component(schema);
        // Fields, or alternatives of fields (a success body may be a union): not the bare `{type: object}`.
        return !(schema.$ref && (body.properties || body.oneOf || body.anyOf));
      })
      .map(([id]) => id);
    expect(without).toEqual([]);
    const coordinates = component(
      op(routes.coordinatesLookup).responses['200']!.content!['application/json']!.schema,
    );
    expect(coordinates).toMatchObject({
      required: expect.arrayContaining(['success', 'locations']),
      properties: { locations: { items: { properties: { latitude: { type: 'number' } } } } },
    });
  });

  it('refuses a body that breaks the documented success schema', () => {
    const schema = op(routes.coordinatesLookup).responses['200']!.content!['application/json']!.schema;
    const location = {
      name: 'Paris',
      type: 'city',
      latitude: 48.85,
      longitude: 2.35,
      country: 'FR',
      place_id: 'p',
    };
    const body = { success: true, query: 'paris', total: 1, locations: [location] };
    expect(v.errorsOf('ok', schema, body)).toEqual([]);
    expect(
      v.errorsOf('bad', schema, { ...body, locations: [{ ...location, latitude: '48.85' }] }),
    ).not.toEqual([]);
  });

  it('documents parameters with their bounds and defaults, and path parameters as required', () => {
    expect(param(routes.chainARooms, 'adults')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 8, default: 2 },
    });
    expect(param(routes.chainARooms, 'check_in')).toMatchObject({
      required: true,
      schema: { format: 'date' },
    });
    expect(param(routes.diningSlots, 'restaurant_id')).toMatchObject({ in: 'path', required: true });
    expect(param(routes.diningSlots, 'party_size')).toMatchObject({ required: true });
    expect(param(routes.coordinatesLookup, 'limit')).toMatchObject({
      required: false,
      schema: { minimum: 1, maximum: 25, default: 10 },
    });
  });

  it('documents the checks behind pipes and refinements, not plain strings', () => {
    expect(param(routes.metaMatch, 'platform')!.schema.enum).toEqual([
      'site_a',
      'site_b',
      'site_c',
      'site_d',
      'site_e',
      'site_f',
    ]);
    expect(param(routes.chainCSearch, 'sort_by')!.schema).toMatchObject({
      enum: ['DISTANCE', 'PRICE'],
      default: 'DISTANCE',
    });
    expect(param(routes.mapsHotelsSearch, 'min_rating')!.schema).toMatchObject({
      type: 'number',
      minimum: 1,
      maximum: 5,
    });
    const time = param(routes.diningSlots, 'preferred_time')!.schema;
    expect(time.pattern ?? time.format).toBeDefined();
    expect(new RegExp(String(time.pattern)).test('19:30')).toBe(true);
    expect(new RegExp(String(time.pattern)).test('25:00')).toBe(false);
    const hotelId = param(routes.siteAPhotos, 'hotel_id')!.schema;
    expect(hotelId.type === 'integer' || typeof hotelId.pattern === 'string').toBe(true);
    if (hotelId.pattern) expect(new RegExp(String(hotelId.pattern)).test('abc')).toBe(false);
  });

  it('describes every parameter and gives it an example, from the example request, that its schema accepts', () => {
    const lacking: string[] = [];
    for (const route of operationList) {
      const sent = new URL(route.example, 'http://x').searchParams;
      for (const p of op(route).parameters) {
        const where = `${route.path} ${p.name}`;
        if (!p.description) lacking.push(`${where}: description`);
        // A parameter kept only to be refused (deprecated) has no example worth sending.
        if (p.example === undefined && !p.deprecated) lacking.push(`${where}: example`);
        if (p.example === undefined) continue;
        expect({ where, problems: v.errorsOf(where, p.schema, p.example) }).toEqual({
          where,
          problems: [],
        });
        if (p.in === 'query' && sent.has(p.name))
          expect(String(p.example).toLowerCase()).toBe(sent.get(p.name)!.toLowerCase());
      }
    }
    expect(lacking).toEqual([]);
    expect(param(routes.diningSlots, 'restaurant_id')!.example).toBe(10001);
    expect(param(routes.chainARooms, 'adults')!.example).toBe(2);
  });

  it('lists every declared error code under its status, in the body it is rendered in, with when it happens', () => {
    for (const route of operationList) {
      for (const error of documentedErrors(route)) {
        const response = op(route).responses[String(error.status)]!;
        const media = error.dialect === 'problem' ? 'application/problem+json' : 'application/json';
        const where = `${route.path} ${error.status} ${error.code}`;
        const schemas = variants(response.content![media]!.schema).map(component);
        const codes = schemas.flatMap((s) =>
          error.dialect === 'detail-array'
            ? s.required?.includes('detail')
              ? ['detail']
              : []
            : error.dialect === 'problem'
              ? ((s.properties?.error_code?.enum as string[]) ?? [])
              : ((s.properties?.error?.properties?.code?.enum as string[]) ?? []),
        );
        expect({ where, listed: codes.includes(error.code) }).toEqual({ where, listed: true });
        expect({ where, described: response.description.includes(error.when) }).toEqual({
          where,
          described: true,
        });
      }
    }
  });

  it('documents both 429 bodies of maps_reviews reviews: the global quota body and the Problem of the source limit', () => {
    const content = op(routes.mapsReviews).responses['429']!.content!;
    expect(component(content['application/json']!.schema).properties?.error?.properties?.code?.enum).toEqual([
      'rate_limit_exceeded',
    ]);
    expect(component(content['application/problem+json']!.schema).properties?.error_code?.enum).toEqual([
      'RATE_LIMITED',
    ]);
  });

  it('documents the response headers, each defined once', () => {
    expect(Object.keys(doc.components.headers).length).toBe(7);
    for (const route of operationList) {
      for (const [status, response] of Object.entries(op(route).responses)) {
        const names = Object.keys(response.headers ?? {});
        const where = `${route.path} ${status}`;
        const expected = [
          'X-Correlation-Id',
          ...(route.auth && status !== '401'
            ? ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
            : []),
          ...(status === '429' || status === '503' ? ['Retry-After'] : []),
          ...(status === '200' && route.upstream?.length ? ['X-Cache', 'Age'] : []),
        ];
        expect({ where, names: names.sort() }).toEqual({ where, names: expected.sort() });
        for (const header of Object.values(response.headers ?? {}))
          expect(header.$ref).toMatch(/^#\/components\/headers\//);
      }
    }
  });

  it('leaves out the reference and the MCP endpoint, which answer no JSON operation', () => {
    // The operations, and the watches resource's two paths (#38; documented, no MCP tool).
    const watchPaths = new Set(routeList.filter((r) => r.kind === 'watch').map((r) => r.path));
    expect(Object.keys(doc.paths).length).toBe(operationList.length + watchPaths.size);
    for (const route of [routes.docs, routes.docsAsset, routes.openapi, routes.mcp])
      expect(doc.paths[route.path]).toBeUndefined();
  });

  it('names the deployment as its server when given, else a base_url variable', async () => {
    const deployed = await buildOpenApi({ baseUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod/' });
    expect(deployed.servers).toEqual([
      { url: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod', description: 'This deployment' },
    ]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '{base_url}' })]);
  });

  it('names, summarises, describes and tags every operation, with the tags defined', () => {
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const [id, route] of operationEntries) {
      expect(op(route)).toMatchObject({ operationId: id, summary: route.summary });
      expect(op(route).description).toContain(route.summary);
      expect(tags.has(op(route).tags[0]!)).toBe(true);
    }
  });
});
