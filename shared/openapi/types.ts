/**
 * The OpenAPI 3.1 document's types and its `servers`: what the builder (`build.ts`), the served document
 * (functions/docs) and the MCP tools (shared/mcp) share.
 */

export interface OpenApiServer {
  url: string;
  description: string;
  variables?: Record<string, { default: string; description: string }>;
}

/**
 * The document's `servers`: the deployment's base URL when it is known, else a variable for it.
 * @example serversFor('https://abc.execute-api.eu-west-1.amazonaws.com/prod')[0].url
 */
export function serversFor(baseUrl?: string): OpenApiServer[] {
  if (baseUrl) return [{ url: baseUrl.replace(/\/+$/, ''), description: 'This deployment' }];
  return [
    {
      url: '{base_url}',
      description: 'The deployment: its API Gateway stage URL, or the local server of `npm start`.',
      variables: {
        base_url: { default: 'http://127.0.0.1:3000', description: 'Base URL of the deployment' },
      },
    },
  ];
}

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as z.toJSONSchema writes it. */
export type JsonSchema = { [key: string]: unknown } & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
  $defs?: Record<string, JsonSchema>;
};

export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JsonSchema;
  example?: unknown;
}

export interface MediaType {
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: Parameter[];
  /** A JSON body (the watches resource's POST). */
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  'x-example': string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: OpenApiServer[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** What the API posts to its users (OpenAPI 3.1): a watch's delivery (#38). */
  webhooks?: Record<string, Record<string, Omit<Operation, 'x-example'>>>;
  components: {
    securitySchemes: Record<string, unknown>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    schemas: Record<string, JsonSchema>;
  };
}
