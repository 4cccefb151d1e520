// POST /mcp: the MCP server for AI agents, over streamable HTTP (stateless, JSON answers). Every data
// route is one tool (shared/mcp/tools.ts), and describeTool answers the rest of any tool's description
// (shared/mcp/describe.ts). A request needs a known x-api-key; a tool call runs the route's
// own handler on the event API Gateway would send it (shared/mcp/invoke.ts), so it counts once against
// the key's daily quota, and validates and fails exactly as the endpoint does.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { apiKeyAuth } from '../../shared/http/api-key-auth.ts';
import { spine } from '../../shared/http/spine.ts';
import { routeEvent } from '../../shared/mcp/invoke.ts';
import { describeTool } from '../../shared/mcp/describe.ts';
import { DESCRIBE_TOOL, toolResult, toolsFor } from '../../shared/mcp/tools.ts';
import { baseUrl, edgeRefusal } from '../../shared/problem.ts';
import { dataEntries, routes, type DataRouteId } from '../../shared/routes/index.ts';
import { stores } from '../../shared/store/index.ts';
import { openApiDocument } from '../docs/document.ts';
import { callWatchTool, WATCH_TOOLS } from '../watches/mcp-tools.ts';
import { handlers } from './handlers.ts';

type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

// The SDK is loaded on the first request, a chunk of the split bundle (infra/mcp-bundle.ts) like each
// handler, and stays out of the cold import. (Imported eagerly into the single CommonJS bundle of before,
// it ran the SDK's zod schemas before zod's own lazily initialised modules and failed at cold start.)
const protocol = () => import('../../shared/mcp/server.ts');

const routeOf = new Map(dataEntries);
let tools: Promise<Tool[]> | undefined;

function toolList(): Promise<Tool[]> {
  // The data tools and describeTool, then the watches' tools (#38).
  tools ??= openApiDocument().then((doc) => [...toolsFor(doc, dataEntries), ...WATCH_TOOLS]);
  return tools;
}

/** The HTTP request as the SDK's web-standard transport reads it. */
function webRequest(event: APIGatewayProxyEvent): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    // The body is handed over whole: its framing headers no longer apply.
    if (value !== undefined && !['content-length', 'transfer-encoding', 'host', 'connection'].includes(name))
      headers.set(name, value);
  }
  const body =
    event.body === null ? undefined : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  return new Request(`${baseUrl(event)}${event.path}`, { method: event.httpMethod, headers, body });
}

async function serve(event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> {
  // Stateless with JSON answers: no stream to open with GET, no session to end with DELETE.
  if (event.httpMethod !== 'POST') {
    return edgeRefusal('methodNotAllowed', `${event.path} answers POST only.`, {
      headers: { Allow: 'POST' },
    });
  }
  const [{ answerMcp }, list] = await Promise.all([protocol(), toolList()]);
  const response = await answerMcp(webRequest(event), {
    tools: list,
    async call(name, args) {
      // Answered from the document: no route runs, nothing is counted.
      if (name === DESCRIBE_TOOL.name) return describeTool(await openApiDocument(), dataEntries, args);
      const watched = await callWatchTool(name, args, event, context);
      if (watched) return toolResult(watched);
      const id = name as DataRouteId;
      const { handler } = (await handlers[id]()) as { handler: RouteHandler };
      return toolResult(await handler(routeEvent(event, routeOf.get(id)!, args), context));
    },
  });
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

/** @example await handler(mcpEvent('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { 'x-api-key': key }), context) */
export const handler = spine(routes.mcp, serve).use(apiKeyAuth(async () => (await stores()).keys));
