// The watches as MCP tools (issue #38), with the SDK's client over the local server: an agent creates a
// watch (the secret in the answer), lists it and deletes it, with the key of its MCP connection; a bad
// watch is a tool error in the route's own words; none of it is counted against the quota.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { hashKey } from '../../shared/hash.ts';
import { stores } from '../../shared/store/index.ts';
import { MemoryWatchStore, useWatchStore } from '../../shared/watches/store.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
let client: Client;
let key: string;

beforeAll(async () => {
  api = await startTestServer();
  useWatchStore(new MemoryWatchStore());
  key = api.addKey('pro');
  client = new Client({ name: 'watch-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), {
      requestInit: { headers: { 'x-api-key': key } },
    }),
  );
});
afterAll(async () => {
  await client.close();
  await api.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const json = (r: CallToolResult) =>
  JSON.parse((r.content[0] as { text: string }).text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the watches as MCP tools', () => {
  it('creates, lists and deletes a watch of the connection’s key, free', async () => {
    // Act
    const created = await call('createWatch', {
      route: '/v1/chain_b/hotel/rooms',
      params: { hotel_id: '9WT3', check_in: '2030-06-10', check_out: '2030-06-12' },
      condition: { type: 'price_at_or_under', value: 150 },
      callback_url: 'http://127.0.0.1:9/hook',
    });
    const id = json(created).id as string;
    const listed = await call('listWatches', {});
    const deleted = await call('deleteWatch', { watch_id: id });
    const again = await call('deleteWatch', { watch_id: id });
    const refused = await call('createWatch', {
      route: '/v1/chain_b/hotel/details',
      condition: { type: 'any_change' },
      callback_url: 'http://127.0.0.1:9/hook',
    });
    const usage = await (
      await stores()
    ).counters.usage([hashKey(key)], [new Date().toISOString().slice(0, 10)]);

    // Assess
    expect(created.isError).toBeUndefined();
    expect(json(created)).toMatchObject({ status: 'active', secret: expect.stringMatching(/^whsec_/) });
    expect(json(listed).watches.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(json(deleted)).toEqual({ success: true, deleted: true, id });
    expect([again.isError, json(again).status, json(again).error_code]).toEqual([
      true,
      404,
      'WATCH_NOT_FOUND',
    ]);
    expect([refused.isError, json(refused).error_code]).toEqual([true, 'ROUTE_NOT_WATCHABLE']);
    expect(usage.get(hashKey(key))![0]!.count).toBe(0);
  });
});
