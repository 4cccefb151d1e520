// The MCP server at /mcp, through the SDK's own client over streamable HTTP against the local server: one
// tool per data route with its input schema, the list small enough for an agent's context (measured), tool
// calls answered as the endpoints answer, contract errors as tool errors carrying their problem details,
// one quota count per answered tool call, and the key checked on every request.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { handlers } from '../../functions/mcp/handlers.ts';
import { BILLING_RULE } from '../../shared/http/daily-quota-billing.ts';
import { dataEntries, routes } from '../../shared/routes/index.ts';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** What an agent's context can spare for the tool list, and the tools the API is heading for. */
const MCP_BUDGET_BYTES = 25 * 1024;
const PLANNED_TOOLS = 40;
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

describe('tools', () => {
  it('lists one tool per data route, named by its manifest id', () => {
    expect(tools.map((t) => t.name)).toEqual(dataEntries.map(([id]) => id));
    expect(tools).toHaveLength(dataEntries.length);
  });

  it("takes the route's parameters as input, with their types, bounds, enums and defaults", () => {
    const rental = tools.find((t) => t.name === 'rentalDetails')!;
    expect(rental.inputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['listing_id', 'check_in', 'check_out']),
      properties: { adults: { type: 'integer' }, currency: expect.any(Object) },
    });
    const coordinates = tools.find((t) => t.name === 'coordinatesLookup')!;
    expect(coordinates.inputSchema.properties).toMatchObject({
      limit: { type: 'integer', minimum: 1, maximum: 25, default: 10 },
    });
    expect(tools.find((t) => t.name === 'mapsReviews')!.inputSchema.properties).toMatchObject({
      sort_by: { enum: expect.arrayContaining(['newest']) },
    });
    for (const tool of tools)
      expect({ tool: tool.name, ...tool.annotations }).toMatchObject({ readOnlyHint: true });
  });

  it('says once, in the instructions, what every tool shares: quota, errors, paging, common parameters', () => {
    const instructions = client.getInstructions()!;
    const text = (name: string) => tools.find((t) => t.name === name)!.description!;
    expect(instructions).toContain(BILLING_RULE);
    expect(instructions).toContain('/errors/');
    expect(instructions).toMatch(/check_in: arrival date, YYYY-MM-DD/);
    expect(text('chainARooms')).toContain(routes.chainARooms.summary);
    expect(text('mapsReviews')).toMatch(/Paged by next_page_token/);
    expect(text('siteCReviews')).toMatch(/Paged by page/);
    expect(text('chainCSearch')).toMatch(/Paged by offset/);
    expect(text('coordinatesLookup')).not.toMatch(/Paged/);
    // A shared parameter is described in the instructions only; a parameter of one route keeps its own words.
    const rooms = tools.find((t) => t.name === 'chainARooms')!.inputSchema.properties!;
    expect(rooms.check_in).not.toHaveProperty('description');
    expect(rooms.hotel_code).toHaveProperty('description');
  });

  it(`lists the tools in under ${MCP_BUDGET_BYTES / 1024} KB, and would with ${PLANNED_TOOLS} tools of the same size`, async () => {
    // Act: the tools/list answer as it goes over the wire
    const res = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: {
        'x-api-key': KEYS.enterprise,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const bytes = Buffer.byteLength(await res.text());
    // Assess
    console.log(
      `tools/list: ${tools.length} tools in ${bytes} bytes (${Math.round(bytes / tools.length)} a tool)`,
    );
    expect(res.status).toBe(200);
    expect(bytes).toBeLessThan(MCP_BUDGET_BYTES);
    expect((bytes / tools.length) * PLANNED_TOOLS).toBeLessThan(MCP_BUDGET_BYTES);
  });

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

  it('answers a tools/call without a tool name with -32602 invalid params in words, and an empty batch with -32600', async () => {
    // Act: the raw JSON-RPC, as a client that skips the SDK sends it
    const post = (body: unknown) =>
      fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          'x-api-key': KEYS.enterprise,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      });
    const noName = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} });
    const badArguments = await post({
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'coordinatesLookup', arguments: 'paris' },
    });
    const empty = await post([]);
    // Assess
    const noNameBody = (await noName.json()) as { id: number; error: { code: number; message: string } };
    expect([noName.status, noNameBody.id, noNameBody.error.code]).toEqual([200, 7, -32602]);
    expect(noNameBody.error.message).toMatch(/^Invalid params: .*params\.name/);
    expect(noNameBody.error.message).not.toMatch(/[[{]\s*"/);
    expect(((await badArguments.json()) as { error: { code: number } }).error.code).toBe(-32602);
    expect([empty.status, await empty.json()]).toEqual([
      400,
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) },
      },
    ]);
  });
});

describe('keys and quota', () => {
  it('counts each answered tool call, and nothing else, as one request against the daily quota', async () => {
    // Prepare: a free key (10 requests a day); connecting and listing the tools are MCP requests, not calls
    const key = api.addKey('free');
    const free = await connect({ 'x-api-key': key });
    await free.listTools();
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
