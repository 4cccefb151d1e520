/**
 * JSON-RPC 2.0 as /mcp checks it before the SDK: what the SDK would answer with -32603 and a dump of zod
 * issues (a request of a known method with invalid params), or with -32700 "Parse error" for JSON that is
 * no JSON-RPC message, is refused here as JSON-RPC says, in words: -32600 Invalid Request for what is not a
 * request, -32602 Invalid params (with the request's id) for params its method does not take.
 */
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** What a method's request schema is used for here. */
interface RequestCheck {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

/** A JSON-RPC error answer, as the SDK's transport writes its own. */
export interface RpcError {
  jsonrpc: '2.0';
  error: { code: number; message: string };
  id: string | number | null;
}

/**
 * @example rpcError(7, ErrorCode.InvalidParams, 'Invalid params: …') // { jsonrpc: '2.0', error: { code: -32602, … }, id: 7 }
 */
export function rpcError(id: string | number | null, code: number, message: string): RpcError {
  return { jsonrpc: '2.0', error: { code, message }, id };
}

/** The requests the server answers whose params the SDK checks, with what each takes, in words. */
const METHODS: Record<string, { schema: RequestCheck; takes: string }> = {
  initialize: {
    schema: InitializeRequestSchema,
    takes: 'params {protocolVersion: a string, capabilities: an object, clientInfo: {name, version}}',
  },
  ping: { schema: PingRequestSchema, takes: 'no params' },
  'tools/list': { schema: ListToolsRequestSchema, takes: 'no params but _meta (one page, so no cursor)' },
  'tools/call': {
    schema: CallToolRequestSchema,
    takes: "params {name: the tool's name, arguments: an object}",
  },
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string | number =>
  typeof value === 'string' || Number.isInteger(value);

/** A zod error's first issues as one line of words: where, and what is wrong there. */
function words(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/**
 * The refusal of one JSON-RPC message (an element of a batch, or the whole body), or undefined for a
 * message the SDK may answer: a well-formed request, notification or response (an unknown method is its
 * -32601). tools/list has one page, so any cursor is invalid params (MCP: an invalid cursor is -32602).
 * @example refusalOf({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} })?.error.code // -32602
 */
export function refusalOf(message: unknown): RpcError | undefined {
  const invalid = (detail: string, id: unknown = null) =>
    rpcError(isId(id) ? id : null, ErrorCode.InvalidRequest, `Invalid Request: ${detail}`);
  if (!isObject(message) || message.jsonrpc !== '2.0')
    return invalid('a JSON-RPC message is an object with jsonrpc "2.0".');
  const { method, id, params } = message;
  if (!('method' in message)) {
    if (JSONRPCMessageSchema.safeParse(message).success) return undefined;
    return invalid('a message without a method is a response: an id with a result or an error.', id);
  }
  if (typeof method !== 'string') return invalid('method is a string.', id);
  if ('id' in message && !isId(id)) return invalid('a request id is a string or an integer.');
  const request = 'id' in message;
  const known = METHODS[method];
  const badParams = (detail: string) =>
    rpcError(id as string | number, ErrorCode.InvalidParams, `Invalid params: ${method} takes ${detail}`);
  if (params !== undefined && !isObject(params))
    return request ? badParams(`${known?.takes ?? 'params as an object'}.`) : invalid('params is an object.');
  if (!JSONRPCMessageSchema.safeParse(message).success)
    return invalid('a request has jsonrpc, id, method and params, and nothing else.', id);
  if (!request || !known) return undefined;
  const checked = known.schema.safeParse(message);
  if (!checked.success) return badParams(`${known.takes} (${words(checked.error.issues)}).`);
  if (method === 'tools/list' && isObject(params) && params.cursor !== undefined)
    return badParams(
      'no cursor: it answers every tool in one page and gives no nextCursor to come back with.',
    );
  return undefined;
}
