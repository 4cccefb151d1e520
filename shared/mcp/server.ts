/**
 * The MCP protocol side of /mcp, on the official SDK: one server and one stateless streamable-HTTP
 * transport per HTTP request, answering JSON (no stream, no session), with the API's tools.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { MAX_BATCH_SIZE, readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js';
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
import { refusalOf, rpcError } from './rpc.ts';
import { argumentErrors, SHARED_PARAMETERS } from './tools.ts';

/**
 * What every tool shares, said once here rather than in each tool: read-only data, the billing rule, the
 * error shape, where a tool's full description is, paging, and the parameters many tools take. `{base}`
 * stands for the deployment's address until `instructionsFor` puts it in.
 */
export const INSTRUCTIONS = [
  'Hotel, rental, dining and place data, fetched from the sources at call time. Every data tool is read-only; ' +
    "createWatch, listWatches and deleteWatch manage the key's watches (a signed webhook when an answer changes).",
  `Quota: each billed call counts once against the API key's daily quota. ${BILLING_RULE}`,
  'A failed call is a tool error whose text is JSON with status, error_code and detail (and retry_after when ' +
    'waiting helps); {base}/errors/{error_code in kebab-case} explains each code.',
  'tools/list gives each tool with its parameters by name, type and enum, and which are required; ' +
    "describeTool {name} answers the rest, free: each parameter's meaning, bounds, default and format, " +
    "the arguments of a call that works, the answer's JSON Schema and the errors by status. An id typed " +
    'integer or string may pass 2^53: send its digits as a string.',
  'Paged tools: call again with the same arguments and page + 1, offset + limit, or the next_page_token of ' +
    'the answer, while more remain; past the end is 404 NO_RESULTS.',
  `Shared parameters: ${Object.entries(SHARED_PARAMETERS)
    .map(([name, meaning]) => `${name}: ${meaning}`)
    .join('; ')}.`,
].join('\n');

/**
 * The instructions as a client of this deployment reads them: `{base}` replaced by the address of the request
 * (the endpoint's URL without its `/mcp`), so that the error pages' URL is one an agent can open.
 * @example instructionsFor('https://api.example/prod/mcp') // '…https://api.example/prod/errors/{error_code in kebab-case}…'
 */
export function instructionsFor(requestUrl: string): string {
  const url = new URL(requestUrl);
  const base = `${url.origin}${url.pathname.replace(/\/mcp\/?$/, '')}`;
  return INSTRUCTIONS.replaceAll('{base}', base);
}

export interface McpOptions {
  tools: Tool[];
  /** Runs a listed tool. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** A JSON answer with the JSON-RPC content type, as the SDK's transport writes its own. */
function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The JSON-RPC answers in an SDK response: an array (a batch), one answer, or none (202, notifications only). */
async function answersOf(response: Response): Promise<unknown[]> {
  const text = await response.text();
  if (!text) return [];
  const body = JSON.parse(text) as unknown;
  return Array.isArray(body) ? body : [body];
}

/** Answers one request with the SDK's server and its stateless transport. */
async function sdkAnswer(request: Request, { tools, call }: McpOptions): Promise<Response> {
  const server = new Server(
    { name: 'travel-data-api', version: VERSION },
    { capabilities: { tools: {} }, instructions: instructionsFor(request.url) },
  );
  const byName = new Map(tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool named ${params.name}.`);
    // Invalid params before the route runs: nothing is counted against the quota.
    const wrong = argumentErrors(tool.inputSchema, params.arguments ?? {});
    if (wrong.length)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid arguments for ${params.name}: ${wrong.join('; ')}.`,
      );
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

/**
 * Answers one MCP HTTP request (POST: a JSON-RPC message or batch) with the SDK's transport, after
 * refusing in words what the SDK would answer with an issue dump (rpc.ts). A batch is answered with an
 * array, one element included (JSON-RPC 2.0): the SDK's answers to the messages it was given, with the
 * refusals of the others, in a 200. The HTTP status is 400 for one message that is no JSON-RPC request
 * (-32600) and for an empty batch, as the SDK answers unreadable JSON (its -32700).
 * @example const response = await answerMcp(new Request(url, { method: 'POST', headers, body }), { tools, call });
 */
export async function answerMcp(request: Request, options: McpOptions): Promise<Response> {
  let body: unknown;
  try {
    // Read as the SDK reads it, within its size bound: a body over it is the SDK's 413, unread.
    const read = await readRequestBody(request.clone());
    if (read.tooLarge) return sdkAnswer(request, options);
    body = JSON.parse(read.text);
  } catch {
    return sdkAnswer(request, options);
  }
  const batch = Array.isArray(body);
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  if (messages.length === 0)
    return json(400, rpcError(null, ErrorCode.InvalidRequest, 'Invalid Request: the batch is empty.'));
  // A batch over the SDK's limit is refused whole by the SDK, before any message is read.
  if (messages.length > MAX_BATCH_SIZE) return sdkAnswer(request, options);
  const refusals = messages.map(refusalOf);
  const passed = messages.filter((_, i) => !refusals[i]);
  if (!batch && passed.length === 1) return sdkAnswer(request, options);
  let answers: unknown[] = [];
  if (passed.length > 0) {
    const forwarded =
      passed.length === messages.length
        ? request
        : new Request(request, { body: JSON.stringify(batch ? passed : passed[0]) });
    const response = await sdkAnswer(forwarded, options);
    // A refusal of the transport's own (a header, the protocol version) answers the whole request.
    if (response.status >= 400) return response;
    answers = await answersOf(response);
  }
  const all = [...refusals.filter((r) => r !== undefined), ...answers];
  // A batch is answered with an array, each element its own answer (JSON-RPC 2.0): the HTTP request did
  // its part. One message that is no request is refused whole, as the SDK refuses unreadable JSON.
  const status = !batch && refusals[0]?.error.code === ErrorCode.InvalidRequest ? 400 : 200;
  if (all.length === 0) return new Response(null, { status: 202 });
  return json(status, batch ? all : all[0]);
}
