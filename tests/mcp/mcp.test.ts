// The MCP server at /mcp, through the SDK's own client over streamable HTTP against the local server: one
// tool per data route with its input schema, and describeTool for the rest of a tool's description; the
// list small enough for an agent's context (measured; with the wave 3 routes in tests/mcp/scale.test.ts);
// every route's example reachable through the listed tools; tool calls answered as the endpoints answer,
// contract errors as tool errors carrying their problem details, one quota count per answered tool call,
// the key checked on every request, and malformed JSON-RPC answered in words.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { handlers } from '../../functions/mcp/handlers.ts';
import type { ToolDescription } from '../../shared/mcp/describe.ts';
import type { JsonSchema } from '../../shared/openapi/types.ts';
import { BILLING_RULE } from '../../shared/http/daily-quota-billing.ts';
import { dataEntries, routes } from '../../shared/routes/index.ts';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** What an agent's context can spare for the tool list. */
const MCP_BUDGET_BYTES = 25 * 1024;
const REVIEWS = { data_id: '0x47e67d23e9013691:0x8a0000000865e28', sort_by: 'newest' };

let api: TestServer;
let client: Client;
let tools: Tool[];

async function connect(headers: Record<string, string>): Promise<Client> {
  const c = new Client({ name: 'mcp-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { requestInit: { headers } }));
  return c;
}

/** The problem details a tool error carries in its text. */
function problem(result: CallToolResult): Record<string, unknown> {
  expect(result.isError).toBe(true);
  const [content] = result.content;
  return JSON.parse(content?.type === 'text' ? content.text : 'null') as Record<string, unknown>;
}

beforeAll(async () => {
  api = await startTestServer();
  client = await connect({ 'x-api-key': KEYS.enterprise });
  ({ tools } = await client.listTools());
});
afterAll(async () => {
  await client?.close();
  await api.close();
});

/** A raw JSON-RPC POST to /mcp, as a client that skips the SDK sends it. */
function post(body: unknown, key: string = KEYS.enterprise): Promise<Response> {
  return fetch(`${api.url}/mcp`, {
    method: 'POST',
    headers: {
      'x-api-key': key,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * A value of a query or path as the listed schema types it (JSON has numbers, booleans and lists); an id
 * listed as integer or string (an int64) goes as the string of its digits, which no double rounds.
 */
function typed(schema: JsonSchema, values: string[]): unknown {
  if (schema.type === 'array') return values.map((v) => typed(schema.items as JsonSchema, [v]));
  const raw = values.at(-1)!;
  const types = [schema.type].flat();
  const value =
    types.includes('string') || types.length === 0
      ? raw
      : types.includes('integer') || types.includes('number')
        ? Number(raw)
        : types.includes('boolean')
          ? raw === 'true'
          : raw;
  if (schema.enum && !schema.enum.includes(value)) throw new Error(`${raw} is not in the listed enum`);
  return value;
}

/**
 * A route's example request as its tool's arguments, formed from the tool as listed: every path and query
 * parameter of the example must be a listed property, and its value is typed by the listed schema alone.
 */
function exampleArguments(path: string, example: string, tool: Tool): Record<string, unknown> {
  const url = new URL(example, 'http://api.example.test');
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = url.pathname.match(new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`))!.slice(1);
  const raw = new Map<string, string[]>(names.map((name, i) => [name, [decodeURIComponent(values[i]!)]]));
  for (const [name, value] of url.searchParams) raw.set(name, [...(raw.get(name) ?? []), value]);
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    [...raw].map(([name, vs]) => {
      if (!Object.hasOwn(properties, name)) throw new Error(`${tool.name} lists no parameter ${name}`);
      return [name, typed(properties[name]!, vs)];
    }),
  );
}

/** The structured content of a describeTool answer. */
async function described(name: string): Promise<ToolDescription> {
  const result = (await client.callTool({ name: 'describeTool', arguments: { name } })) as CallToolResult;
  expect(result.isError).toBeUndefined();
  return result.structuredContent as unknown as ToolDescription;
}

describe('tools', () => {
  it('lists one tool per data route, named by its manifest id, then describeTool, then the watches’ tools', () => {
    expect(tools.map((t) => t.name)).toEqual([
      ...dataEntries.map(([id]) => id),
      'describeTool',
      'createWatch',
      'listWatches',
      'deleteWatch',
    ]);
  });

  it("lists the route's parameters by name, type and enum, and which are required", () => {
    const rental = tools.find((t) => t.name === 'rentalDetails')!;
    expect(rental.inputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['listing_id', 'check_in', 'check_out']),
      properties: { adults: { type: 'integer' }, currency: { type: 'string' } },
    });
    expect(tools.find((t) => t.name === 'coordinatesLookup')!.inputSchema.properties).toEqual({
      term: { type: 'string' },
      limit: { type: 'integer' },
    });
    expect(tools.find((t) => t.name === 'mapsReviews')!.inputSchema.properties).toMatchObject({
      sort_by: { type: 'string', enum: expect.arrayContaining(['newest']) },
    });
    expect(tools.find((t) => t.name === 'diningSearch')!.inputSchema.properties).toMatchObject({
      prices: { type: 'array', items: { type: 'integer' } },
    });
    // Every tool reads, but the watches' create and delete (#38).
    for (const tool of tools.filter((t) => !['createWatch', 'deleteWatch'].includes(t.name)))
      expect({ tool: tool.name, ...tool.annotations }).toMatchObject({ readOnlyHint: true });
  });

  it("answers describeTool with the parameters in full (bounds, defaults, words), the answer's schema and the errors", async () => {
    // Act
    const coordinates = await described('coordinatesLookup');
    const rooms = await described('chainARooms');
    // Assess: what the list leaves out is here
    expect(coordinates).toMatchObject({
      name: 'coordinatesLookup',
      summary: routes.coordinatesLookup.summary,
      paging: null,
      parameters: {
        type: 'object',
        required: ['term'],
        properties: { limit: { type: 'integer', minimum: 1, maximum: 25, default: 10 } },
      },
    });
    expect(rooms.parameters.properties!.hotel_code).toMatchObject({
      pattern: expect.any(String),
      description: expect.stringContaining('chain_a property code'),
    });
    expect(rooms.answer).toMatchObject({
      type: 'object',
      properties: { hotel_code: { type: 'string' }, room_types: { type: 'array' } },
    });
    expect(JSON.stringify(rooms.answer)).not.toContain('$ref');
    expect(rooms.example).toEqual({
      hotel_code: 'ASPAR0',
      check_in: '2030-06-01',
      check_out: '2030-06-03',
      adults: 2,
    });
    expect(Object.keys(rooms.errors)).toEqual(expect.arrayContaining(['400', '401', '404', '429', '502']));
    expect((await described('mapsReviews')).paging).toBe('Paged by next_page_token.');
    // An int64 id's example as its digits, which a JSON number past 2^53 would round.
    const digits = /listing\/(\d+)\//.exec(routes.rentalOverview.example)![1];
    expect((await described('rentalOverview')).example).toEqual({ listing_id: digits });
  });

  it('answers describeTool for a name that is no route tool with -32602 invalid params, in words', async () => {
    await expect(
      client.callTool({ name: 'describeTool', arguments: { name: 'noSuchTool' } }),
    ).rejects.toThrow(/-32602.*names no tool/);
    await expect(client.callTool({ name: 'describeTool', arguments: {} })).rejects.toThrow(/-32602/);
  });

  it('says once, in the instructions, what every tool shares: quota, errors, describeTool, paging, common parameters', () => {
    const instructions = client.getInstructions()!;
    const text = (name: string) => tools.find((t) => t.name === name)!.description!;
    expect(instructions).toContain(BILLING_RULE);
    expect(instructions).toContain('/errors/');
    // The error pages' address is this server's, not a placeholder (issue #40).
    expect(instructions).not.toContain('{base}');
    expect(instructions).toContain(`${api.url}/errors/{error_code in kebab-case}`);
    expect(instructions).toContain('describeTool {name}');
    expect(instructions).toMatch(/check_in: arrival date, YYYY-MM-DD/);
    expect(text('chainARooms')).toContain(routes.chainARooms.summary);
    expect(text('mapsReviews')).toMatch(/Paged by next_page_token/);
    expect(text('siteCReviews')).toMatch(/Paged by page/);
    expect(text('chainCSearch')).toMatch(/Paged by offset/);
    expect(text('coordinatesLookup')).not.toMatch(/Paged/);
    // No parameter is described in the list: a shared one in the instructions, any in describeTool.
    for (const tool of tools)
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect({ tool: tool.name, name, schema }).not.toMatchObject({
          schema: { description: expect.anything() },
        });
  });

  it(`lists the tools in under ${MCP_BUDGET_BYTES / 1024} KB`, async () => {
    // Act: the tools/list answer as it goes over the wire
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const bytes = Buffer.byteLength(await res.text());
    // Assess
    console.log(
      `tools/list: ${tools.length} tools in ${bytes} bytes (${Math.round(bytes / tools.length)} a tool)`,
    );
    expect(res.status).toBe(200);
    expect(bytes).toBeLessThan(MCP_BUDGET_BYTES);
  });

  it.each(dataEntries.map(([id, route]) => [id, route.example, route.path] as const))(
    "reaches %s's example (%s) through its listed tool, and answers as the endpoint does",
    async (id, example, path) => {
      // Prepare: the example's parameters as arguments, typed by the listed schema alone
      const tool = tools.find((t) => t.name === id)!;
      const args = exampleArguments(path, example, tool);
      // Act
      const result = (await client.callTool({ name: id, arguments: args })) as CallToolResult;
      const http = await api.get(example, { 'x-api-key': KEYS.enterprise });
      // Assess
      expect({ id, missing: (tool.inputSchema.required ?? []).filter((n) => !(n in args)) }).toEqual({
        id,
        missing: [],
      });
      if (http.status === 200)
        expect({ id, answer: result.structuredContent }).toEqual({ id, answer: http.body });
      else expect({ id, status: problem(result).status }).toEqual({ id, status: http.status });
    },
    60_000,
  );

  it("loads each tool's handler from the manifest's handler module", async () => {
    for (const [id, route] of dataEntries) {
      const manifest = (await import(pathToFileURL(resolve(ROOT, route.handler)).href)) as {
        handler: unknown;
      };
      const loaded = (await handlers[id]()) as { handler: unknown };
      expect({ id, same: loaded.handler === manifest.handler }).toEqual({ id, same: true });
    }
  });
});

describe('tool calls', () => {
  it('answers coordinatesLookup with the body the endpoint sends', async () => {
    // Act
    const result = (await client.callTool({
      name: 'coordinatesLookup',
      arguments: { term: 'paris', limit: 2 },
    })) as CallToolResult;
    const http = await api.get('/v1/meta/coordinates-lookup?term=paris&limit=2', {
      'x-api-key': KEYS.enterprise,
    });
    // Assess
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(http.body);
    expect(result.structuredContent).toMatchObject({ total: 2, locations: [{ country: 'FR' }, {}] });
  });

  it('fetches the next page of mapsReviews with the next_page_token of the first', async () => {
    // Act
    const first = (await client.callTool({ name: 'mapsReviews', arguments: REVIEWS })) as CallToolResult;
    const token = (first.structuredContent as { next_page_token: string }).next_page_token;
    const second = (await client.callTool({
      name: 'mapsReviews',
      arguments: { ...REVIEWS, next_page_token: token },
    })) as CallToolResult;
    // Assess
    const ids = (r: CallToolResult) =>
      (r.structuredContent as { reviews: { review_id: string }[] }).reviews.map((x) => x.review_id);
    expect(token).toEqual(expect.any(String));
    expect(ids(second).length).toBeGreaterThan(0);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
  });

  it('fills path parameters from the arguments (rentalDetails listing_id)', async () => {
    const result = (await client.callTool({
      name: 'rentalDetails',
      arguments: { listing_id: 40000001, check_in: '2030-06-01', check_out: '2030-06-04', adults: 2 },
    })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ success: true, listing_id: 40000001 });
  });

  it('returns 404 HOTEL_NOT_FOUND as a tool error with its problem details', async () => {
    // Act
    const result = (await client.callTool({
      name: 'chainARooms',
      arguments: { hotel_code: 'NOPE123', check_in: '2030-06-01', check_out: '2030-06-03' },
    })) as CallToolResult;
    // Assess
    expect(result.structuredContent).toBeUndefined();
    expect(problem(result)).toMatchObject({
      status: 404,
      error_code: 'HOTEL_NOT_FOUND',
      detail: expect.stringContaining('NOPE123'),
    });
  });

  it('returns invalid parameters as a tool error, in each body the routes document', async () => {
    const missing = (await client.callTool({ name: 'coordinatesLookup', arguments: {} })) as CallToolResult;
    const platform = (await client.callTool({
      name: 'metaMatch',
      arguments: { name: 'Aurelia Suites Paris', platform: 'site_z' },
    })) as CallToolResult;
    expect(problem(missing)).toMatchObject({
      status: 400,
      error_code: 'INVALID_INPUT',
      detail: expect.any(String),
    });
    expect(problem(platform)).toMatchObject({
      status: 400,
      error_code: null,
      detail: expect.stringContaining('platform'),
      errors: [expect.objectContaining({ loc: ['query', 'platform'] })],
    });
  });

  it('answers an unknown tool with a protocol error', async () => {
    await expect(client.callTool({ name: 'noSuchTool', arguments: {} })).rejects.toThrow(
      /No tool named noSuchTool/,
    );
  });

  /** A JSON-RPC error answer as the table expects it: code and id, the message's first words. */
  const refused = (code: number, id: number | null, words: RegExp) => ({
    jsonrpc: '2.0',
    id,
    error: { code, message: expect.stringMatching(words) },
  });
  const PARAMS = /^Invalid params: \S+ takes /;
  const REQUEST = /^Invalid Request: /;
  const call = (id: number, params: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });
  const list = (id: number, params?: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/list', params });

  it.each<[string, unknown, number, unknown]>([
    [
      'initialize with params {}',
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      200,
      refused(-32602, 1, PARAMS),
    ],
    [
      'tools/list with a cursor it never gave',
      list(2, { cursor: 'bogus' }),
      200,
      refused(-32602, 2, /no cursor/),
    ],
    ['tools/list with a numeric cursor', list(3, { cursor: 5 }), 200, refused(-32602, 3, PARAMS)],
    ['tools/list with params as an array', list(4, []), 200, refused(-32602, 4, PARAMS)],
    [
      'tools/call without a tool name',
      call(5, {}),
      200,
      refused(-32602, 5, /^Invalid params: .*params\.name/),
    ],
    [
      'tools/call with arguments that are no object',
      call(6, { name: 'coordinatesLookup', arguments: 'paris' }),
      200,
      refused(-32602, 6, PARAMS),
    ],
    [
      'ping with params as a string',
      { jsonrpc: '2.0', id: 7, method: 'ping', params: 'x' },
      200,
      refused(-32602, 7, PARAMS),
    ],
    ['tools/call with params {} in a batch', [call(8, {})], 200, [refused(-32602, 8, PARAMS)]],
    [
      'a one-element batch',
      [list(9)],
      200,
      [expect.objectContaining({ id: 9, result: expect.objectContaining({ tools: expect.any(Array) }) })],
    ],
    [
      'a batch of a good request and a bad one',
      [list(10), call(11, {})],
      200,
      expect.arrayContaining([
        refused(-32602, 11, PARAMS),
        expect.objectContaining({ id: 10, result: expect.any(Object) }),
      ]),
    ],
    ['an empty batch', [], 400, refused(-32600, null, /^Invalid Request: the batch is empty/)],
    [
      'a batch of 101 messages, one of them bad',
      [call(14, {}), ...Array.from({ length: 100 }, (_, i) => list(100 + i))],
      400,
      refused(-32600, null, /^Invalid Request: Batch must not exceed 100 messages/),
    ],
    ['a batch of a number', [1], 200, [refused(-32600, null, REQUEST)]],
    ['a message without jsonrpc', { id: 12, method: 'tools/list' }, 400, refused(-32600, null, REQUEST)],
    [
      'a request whose id is an object',
      { jsonrpc: '2.0', id: {}, method: 'tools/list' },
      400,
      refused(-32600, null, REQUEST),
    ],
    [
      'a request whose method is a number',
      { jsonrpc: '2.0', id: 13, method: 42 },
      400,
      refused(-32600, 13, REQUEST),
    ],
    ['a JSON string', 'hello', 400, refused(-32600, null, REQUEST)],
    ['JSON null', null, 400, refused(-32600, null, REQUEST)],
    [
      'a notification whose params are a number',
      { jsonrpc: '2.0', method: 'notifications/initialized', params: 5 },
      400,
      refused(-32600, null, REQUEST),
    ],
    ['unreadable JSON (a parse error)', '{"jsonrpc":', 400, refused(-32700, null, /^Parse error/)],
  ])('answers %s as JSON-RPC says, in words', async (_name, message, status, answer) => {
    // Act: the raw JSON-RPC, as a client that skips the SDK sends it
    const res = await post(message === '{"jsonrpc":' ? message : JSON.stringify(message));
    const text = await res.text();
    // Assess: never an internal error, never a dump of schema issues
    expect([res.status, JSON.parse(text)]).toEqual([status, answer]);
    expect(text).not.toContain('-32603');
    expect(text).not.toMatch(/"message":"[^"]*[[{]\s*\\"/);
  });
});

describe('keys and quota', () => {
  it('counts each answered tool call, and nothing else, as one request against the daily quota', async () => {
    // Prepare: a free key (10 requests a day); connecting, listing the tools and describing one are MCP
    // requests, not calls
    const key = api.addKey('free');
    const free = await connect({ 'x-api-key': key });
    await free.listTools();
    for (let i = 0; i < 3; i++)
      await free.callTool({ name: 'describeTool', arguments: { name: 'chainARooms' } });
    // Act
    const calls: CallToolResult[] = [];
    for (let i = 0; i < 11; i++)
      calls.push(
        (await free.callTool({ name: 'coordinatesLookup', arguments: { term: 'lyon' } })) as CallToolResult,
      );
    const http = await api.get('/v1/meta/coordinates-lookup?term=lyon', { 'x-api-key': key });
    await free.close();
    // Assess
    expect(calls.slice(0, 10).map((c) => c.isError ?? false)).toEqual(Array(10).fill(false));
    expect(problem(calls[10]!)).toMatchObject({
      status: 429,
      error_code: 'rate_limit_exceeded',
      retry_after: expect.any(Number),
    });
    expect([http.status, http.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
  });

  it('refuses an argument of the wrong JSON type (term: 42) as invalid params, and bills nothing', async () => {
    // Prepare: a free key with one request spent
    const key = api.addKey('free');
    const free = await connect({ 'x-api-key': key });
    await free.callTool({ name: 'coordinatesLookup', arguments: { term: 'lyon' } });
    const before = (await api.get('/v1/account/usage', { 'x-api-key': key })).body;
    // Act
    const wrong = free.callTool({ name: 'coordinatesLookup', arguments: { term: 42 } });
    // Assess
    await expect(wrong).rejects.toThrow(/-32602.*term: expected string, got number/);
    const after = (await api.get('/v1/account/usage', { 'x-api-key': key })).body;
    await free.close();
    expect([before.used, after.used]).toEqual([1, 1]);
  });

  it('refuses a connection without a known key with 401 unauthorized', async () => {
    await expect(connect({})).rejects.toThrow(/401|unauthorized/);
    await expect(connect({ 'x-api-key': 'not-a-key' })).rejects.toThrow(/401|unauthorized/);
  });

  it('answers GET with 405 (no stream to open: a stateless server with JSON answers)', async () => {
    const res = await fetch(`${api.url}/mcp`, {
      headers: { 'x-api-key': KEYS.pro, accept: 'text/event-stream' },
    });
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
  });
});
