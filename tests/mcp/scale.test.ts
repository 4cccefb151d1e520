// MCP with the wave 3 routes (../shared/spec/wave3-endpoints.md): tools/list within 25 KB and the MCP bundle
// within 600 KB (what one request loads, infra/mcp-bundle.ts), with today's routes and the 16 of wave 3.
// A wave 3 route in the manifest counts as itself; one not there yet is a generated stand-in: for the list,
// a tool made by the same generator from the spec's parameter table (its names, types, enums and which are
// required); for the bundle, a handler of its own as heavy as the heaviest handler today (a copy of that
// handler and of its connector under a name of its own), loaded on its tool's first call as the real ones.
import { describe, expect, it } from '@jest/globals';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { build, type Plugin } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { withoutSchemaDocs } from '../../infra/bundle-plugins.ts';
import { bundleOptionsFor, handlerLoadersPlugin, requestBytes } from '../../infra/bundling.ts';
import { handlerLoaders } from '../../infra/mcp-bundle.ts';
import { buildOpenApi } from '../../infra/openapi.ts';
import { answerMcp } from '../../shared/mcp/server.ts';
import { toolsFor } from '../../shared/mcp/tools.ts';
import type { OpenApiDocument, Operation, Parameter } from '../../shared/openapi/types.ts';
import { dataEntries, type Route } from '../../shared/routes/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const KB = 1024;
/** What an agent's context can spare for the tool list (tests/mcp/mcp.test.ts). */
const LIST_BUDGET = 25 * KB;
/** What one request of the MCP function may load (tests/infra/bundle-size.test.ts). */
const BUNDLE_BUDGET = 600 * KB;
const MCP = 'functions/mcp/mcp.ts';

type Type = 'string' | 'integer' | 'number' | 'boolean';
/** A parameter of the spec's tables: `name:type`, `!` when required, `|a|b` for an enum. */
type Spec = string;

/** The 16 routes of wave 3 as the spec states them: path, a summary of its words, its parameters. */
// prettier-ignore
const WAVE3: { id: string; path: string; summary: string; parameters: Spec[] }[] = [
  {
    id: 'siteAHotelDetails',
    path: '/v1/site_a/hotel/details',
    summary:
      'Static facts of a site_a hotel page, no dates: address, stars, policies, facilities, meals, scores',
    parameters: ['hotel_id:string', 'url:string', 'language:string'],
  },
  {
    id: 'siteAHotelScores',
    path: '/v1/site_a/hotel/scores',
    summary: "A site_a hotel's review scores and summary, by category and traveler type, without the reviews",
    parameters: ['hotel_id:string!'],
  },
  {
    id: 'siteAHotelRooms',
    path: '/v1/site_a/hotel/rooms',
    summary: "A site_a hotel's room catalogue and its bookable blocks for a stay, cheapest marked",
    parameters: [
      'hotel_id:string!',
      'check_in:string!',
      'check_out:string!',
      'adults:integer',
      'rooms:integer',
      'children:integer',
      'children_ages:string',
      'currency:string',
      'language:string',
    ],
  },
  {
    id: 'siteASearchByUrl',
    path: '/v1/site_a/search-by-url',
    summary:
      'A site_a search-results URL run as site_a search, with what was read from it and what was ignored',
    parameters: ['url:string!', 'rows_per_page:integer', 'offset:integer', 'debug:boolean'],
  },
  {
    id: 'rentalCalendar',
    path: '/v1/rental/listing/{listing_id}/calendar',
    summary: "A rental listing's availability by day, whole months from start_month",
    parameters: ['listing_id:integer!', 'months:integer', 'start_month:string'],
  },
  {
    id: 'rentalReviews',
    path: '/v1/rental/listing/{listing_id}/reviews',
    summary: "A page of a rental listing's reviews with their tags, best or most recent first",
    parameters: ['listing_id:integer!', 'limit:integer', 'offset:integer', 'sort:string|best|recent'],
  },
  {
    id: 'rentalSearch',
    path: '/v1/rental/search',
    summary: 'Rental listings in a place or a map box, priced when dated, a page at a time by cursor',
    parameters: [
      'location:string',
      'ne_lat:number',
      'ne_lng:number',
      'sw_lat:number',
      'sw_lng:number',
      'check_in:string',
      'check_out:string',
      'adults:integer',
      'children:integer',
      'infants:integer',
      'pets:integer',
      'price_min:number',
      'price_max:number',
      'min_bedrooms:integer',
      'currency:string',
      'cursor:string',
    ],
  },
  {
    id: 'mapsReviewsPlace',
    path: '/v1/maps_reviews/place',
    summary: 'One place in full by place_id or data_id: contact, rating distribution, hours, attributes',
    parameters: ['place_id:string', 'data_id:string', 'hl:string'],
  },
  {
    id: 'diningDetails',
    path: '/v1/dining/restaurants/{restaurant_id}',
    summary: 'A restaurant in full: cuisines, price band, address, contact, hours text, features, ratings',
    parameters: ['restaurant_id:integer!'],
  },
  {
    id: 'diningMenu',
    path: '/v1/dining/restaurants/{restaurant_id}/menu',
    summary: "A restaurant's menus by section and item with prices, or the link to a menu kept elsewhere",
    parameters: ['restaurant_id:integer!'],
  },
  {
    id: 'diningReviews',
    path: '/v1/dining/restaurants/{restaurant_id}/reviews',
    summary: "A page of a restaurant's reviews with their ratings, newest, highest or lowest first",
    parameters: [
      'restaurant_id:integer!',
      'page:integer',
      'page_size:integer',
      'sort:string|newest|highest|lowest',
    ],
  },
  {
    id: 'siteCLocationsSearch',
    path: '/v1/site_c/locations/search',
    summary: "site_c's location typeahead: places, hotels, restaurants and attractions for a query",
    parameters: ['query:string!', 'limit:integer'],
  },
  {
    id: 'siteCHotelDetails',
    path: '/v1/site_c/hotel/details/{location_id}',
    summary: 'A site_c hotel by location id: address, location, rating, price range, amenities',
    parameters: ['location_id:integer!'],
  },
  {
    id: 'chainAHotelDetails',
    path: '/v1/chain_a/hotel/details',
    summary: "A chain_a hotel's profile: brand, descriptions, address, location, contact and times",
    parameters: ['hotel_code:string!'],
  },
  {
    id: 'chainASearch',
    path: '/v1/chain_a/search',
    summary:
      'chain_a hotels around a point with their lowest cash and points prices for a stay, nearest first',
    parameters: [
      'latitude:number!',
      'longitude:number!',
      'radius_km:integer',
      'check_in:string!',
      'check_out:string!',
      'adults:integer',
      'rooms:integer',
    ],
  },
  {
    id: 'chainCPropertyDetails',
    path: '/v1/chain_c/property/details',
    summary: "A chain_c property's details and room catalogue by property id",
    parameters: ['property_id:string!'],
  },
];

const inManifest = new Set(dataEntries.map(([, r]) => `${r.method} ${r.path}`));
const present = WAVE3.filter((w) => inManifest.has(`GET ${w.path}`));
const missing = WAVE3.filter((w) => !inManifest.has(`GET ${w.path}`));
const takenIds = new Set<string>(dataEntries.map(([id]) => id));
/** A stand-in's id: the spec's name, unless a route of the manifest took it. */
const idOf = (w: (typeof WAVE3)[number]) => (takenIds.has(w.id) ? `${w.id}Wave3` : w.id);

/** A stand-in's operation, as the OpenAPI builder would write it from the spec's parameter table. */
function standInOperation(w: (typeof WAVE3)[number]): Operation {
  const parameters = w.parameters.map((spec): Parameter => {
    const [, name, type, required, values] = /^(\w+):(\w+)(!?)(?:\|(.*))?$/.exec(spec)!;
    return {
      name: name!,
      in: w.path.includes(`{${name}}`) ? 'path' : 'query',
      required: required === '!',
      schema: { type: type as Type, ...(values ? { enum: values.split('|') } : {}) },
    };
  });
  return {
    operationId: idOf(w),
    summary: w.summary,
    description: w.summary,
    tags: [],
    security: [],
    parameters,
    responses: {},
    'x-example': w.path,
  };
}

/** The tools/list answer as it goes over the wire, from the server's own transport. */
async function listBytes(tools: Tool[]): Promise<number> {
  const request = new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const response = await answerMcp(request, { tools, call: () => Promise.reject(new Error('not called')) });
  expect(response.status).toBe(200);
  return Buffer.byteLength(await response.text());
}

/**
 * Stand-in handlers for the bundle: `standin:<id>` is the template handler, and every module under
 * functions/ or shared/providers/ it imports (its connector), copied under a namespace of the stand-in's
 * own, so that each stand-in carries its own handler and connector code as a new route does; shared
 * modules (the HTTP stack, the upstream client, the schemas' helpers, libraries) stay shared.
 */
function standInsPlugin(template: string): Plugin {
  const own = (path: string) => {
    const file = relative(ROOT, path).split(sep).join('/');
    return file.startsWith('functions/') || file.startsWith('shared/providers/');
  };
  return {
    name: 'wave3-stand-ins',
    setup(b) {
      b.onResolve({ filter: /^standin:/ }, ({ path }) => ({
        path: resolve(ROOT, template),
        namespace: `standin-${path.slice('standin:'.length)}`,
      }));
      b.onResolve({ filter: /^\./ }, ({ path, resolveDir, namespace }) => {
        if (!namespace.startsWith('standin-')) return undefined;
        const target = resolve(resolveDir, path);
        return own(target) ? { path: target, namespace } : undefined;
      });
      b.onLoad({ filter: /\.ts$/ }, ({ path, namespace }) =>
        namespace.startsWith('standin-')
          ? {
              contents: withoutSchemaDocs(readFileSync(path, 'utf8')),
              loader: 'ts',
              resolveDir: dirname(path),
            }
          : undefined,
      );
    },
  };
}

describe('MCP with the wave 3 routes', () => {
  it(`lists the tools within ${LIST_BUDGET / KB} KB and loads at most ${BUNDLE_BUDGET / KB} KB a request, with every wave 3 route (stand-ins for those not in the manifest)`, async () => {
    // Prepare: today's document and routes, with a stand-in operation for each missing wave 3 route
    const doc = await buildOpenApi();
    const grown: OpenApiDocument = {
      ...doc,
      paths: {
        ...doc.paths,
        ...Object.fromEntries(missing.map((w) => [w.path, { get: standInOperation(w) }])),
      },
    };
    const entries: [string, Route][] = [
      ...dataEntries,
      ...missing.map((w): [string, Route] => [
        idOf(w),
        { ...dataEntries[0]![1], path: w.path, method: 'GET', upstream: ['site_a'] },
      ]),
    ];
    const out = mkdtempSync(join(tmpdir(), 'mcp-scale-'));
    try {
      // The heaviest handler today is every stand-in's template.
      const today = await build({ ...bundleOptionsFor(MCP, join(out, 'today')), logLevel: 'error' });
      const heaviest = requestBytes(
        today.metafile!,
        dataEntries.map(([, r]) => r.handler),
      ).largest!;
      const options = bundleOptionsFor(MCP, join(out, 'grown'));
      const loaders = missing.map((w) => [idOf(w), `standin:${idOf(w)}`] as const);
      // Act: the list as sent, and the bundle with the stand-ins' handlers
      const tools = toolsFor(grown, entries);
      const bytes = await listBytes(tools);
      const { metafile } = await build({
        ...options,
        logLevel: 'error',
        plugins: [
          standInsPlugin(heaviest),
          ...options.plugins!.map((p) => (p === handlerLoadersPlugin ? handlerLoaders(loaders) : p)),
        ],
      });
      const standInChunks = Object.values(metafile!.outputs)
        .map((o) => o.entryPoint ?? '')
        .filter((e) => e.startsWith('standin-'));
      const load = requestBytes(metafile!, [...dataEntries.map(([, r]) => r.handler), ...standInChunks]);
      const files = Object.keys(metafile!.outputs).filter((f) => f.endsWith('.js')).length;
      // Assess
      console.log(
        [
          `With the 16 wave 3 routes (${present.length} in the manifest, ${missing.length} stand-ins: ${missing.map(idOf).join(', ') || 'none'}):`,
          `tools/list ${(bytes / KB).toFixed(1)} KB of ${LIST_BUDGET / KB} KB (${tools.length} tools, ${Math.round(bytes / tools.length)} bytes a tool);`,
          `MCP bundle ${(load.bytes / KB).toFixed(1)} KB of ${BUNDLE_BUDGET / KB} KB loaded by one request at most (${load.largest}; stand-ins copy ${heaviest}), ${files} files of ${(load.total / KB).toFixed(1)} KB in all, deployed.`,
        ].join('\n'),
      );
      expect(tools).toHaveLength(dataEntries.length + missing.length + 1);
      expect(standInChunks).toHaveLength(missing.length);
      // Each stand-in carries its own copy of the template's handler and connector.
      const outputs = Object.values(metafile!.outputs);
      const template = outputs.find((o) => o.entryPoint === heaviest)!;
      for (const o of outputs.filter((x) => x.entryPoint?.startsWith('standin-'))) {
        expect(Object.keys(o.inputs).filter((i) => i.includes('shared/providers/')).length).toBeGreaterThan(
          0,
        );
        expect(o.bytes).toBeGreaterThanOrEqual(template.bytes);
      }
      expect(bytes).toBeLessThanOrEqual(LIST_BUDGET);
      expect(load.bytes).toBeLessThanOrEqual(BUNDLE_BUDGET);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
