/**
 * The MCP protocol side of /mcp, on the official SDK: one server and one stateless streamable-HTTP
 * transport per HTTP request, answering JSON (no stream, no session), with the API's tools.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version.ts';
import { BILLING_RULE } from '../http/daily-quota-billing.ts';
import { SHARED_PARAMETERS } from './tools.ts';

/**
 * What every tool shares, said once here rather than in each tool: read-only data, the billing rule, the
 * error shape, paging, and the parameters many tools take.
 */
export const INSTRUCTIONS = [
  'Hotel, rental, dining and place data, fetched from the sources at call time. Every tool is read-only.',
  `Quota: each billed call counts once against the API key's daily quota. ${BILLING_RULE}`,
  'A failed call is a tool error whose text is JSON with status, error_code and detail (and retry_after when ' +
    'waiting helps); {base}/errors/{error_code in kebab-case} explains each code.',
  'Paged tools: call again with the same arguments and page + 1, offset + limit, or the next_page_token of ' +
    'the answer, while more remain; past the end is 404 NO_RESULTS.',
  `Shared parameters: ${Object.entries(SHARED_PARAMETERS)
    .map(([name, meaning]) => `${name}: ${meaning}`)
    .join('; ')}.`,
].join('\n');

export interface McpOptions {
  tools: Tool[];
  /** Runs a listed tool. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** A JSON-RPC error answer, as the SDK's transport writes its own. */
function rpcError(status: number, id: unknown, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: id ?? null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * What the SDK would answer with an internal error and a zod dump, answered as JSON-RPC says: an empty
 * batch is an invalid request (-32600); a tools/call without a tool name, or with arguments that are no
 * object, has invalid params (-32602), said in words. Anything else (unreadable JSON too) goes on to the SDK.
 */
async function refused(request: Request): Promise<Response | undefined> {
  let message: unknown;
  try {
    message = await request.clone().json();
  } catch {
    return undefined;
  }
  if (Array.isArray(message) && message.length === 0)
    return rpcError(400, null, ErrorCode.InvalidRequest, 'Invalid Request: the batch is empty.');
  const call = message as { method?: unknown; id?: unknown; params?: unknown };
  if (!call || typeof call !== 'object' || call.method !== 'tools/call') return undefined;
  const checked = CallToolRequestSchema.safeParse(message);
  if (checked.success) return undefined;
  const issues = checked.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  return rpcError(
    200,
    call.id,
    ErrorCode.InvalidParams,
    `Invalid params: tools/call takes params {name: the tool's name, arguments: an object} (${issues}).`,
  );
}

/**
 * Answers one MCP HTTP request (POST: a JSON-RPC message or batch) with the SDK's transport.
 * @example const response = await answerMcp(new Request(url, { method: 'POST', headers, body }), { tools, call });
 */
export async function answerMcp(request: Request, { tools, call }: McpOptions): Promise<Response> {
  const refusal = await refused(request);
  if (refusal) return refusal;
  const server = new Server(
    { name: 'travel-data-api', version: VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const names = new Set(tools.map((t) => t.name));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    if (!names.has(params.name)) throw new McpError(ErrorCode.InvalidParams, `No tool named ${params.name}.`);
    return call(params.name, params.arguments ?? {});
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
