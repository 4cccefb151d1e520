/**
 * Error bodies of the contract: RFC 7807 Problem Details for endpoint errors, and the global
 * `{error: {code, message, details}}` body for authentication and rate limiting.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { EDGE_REFUSALS, type ProblemExtras } from './errors.ts';

export const PROBLEM_JSON = 'application/problem+json';
export const JSON_TYPE = 'application/json';

/** The public base URL of this deployment, as the client called it. */
export function baseUrl(event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>): string {
  const headers = event.headers ?? {};
  const rc = event.requestContext;
  const proto = headers['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  const host = rc?.domainName ?? headers.host ?? 'localhost';
  const stage =
    rc?.stage && rc.stage !== '$default' && rc.path?.startsWith(`/${rc.stage}/`) ? `/${rc.stage}` : '';
  return `${proto}://${host}${stage}`;
}

export interface ProblemFields {
  status: number;
  title: string;
  detail: string;
  errorCode: string;
  instance: string;
  provider: string;
  product: string;
  correlationId: string;
  base: string;
}

/**
 * The slug of a problem type: its code (or its title) in kebab-case, the last segment of its URL.
 * @example problemSlug('RATE_LIMIT_EXCEEDED') // 'rate-limit-exceeded'
 */
export function problemSlug(codeOrTitle: string): string {
  return codeOrTitle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The URL of a problem type: the page under `/errors/` that explains it (functions/docs/errors.ts serves it).
 * @example problemType('https://api.example/prod', 'NO_RESULTS') // 'https://api.example/prod/errors/no-results'
 */
export function problemType(base: string, codeOrTitle: string): string {
  return `${base}/errors/${problemSlug(codeOrTitle)}`;
}

/**
 * @example problemBody({ status: 400, title: 'Invalid Input', ... }).type // 'https://host/errors/invalid-input'
 */
export function problemBody(f: ProblemFields, extras: ProblemExtras = {}): Record<string, unknown> {
  return {
    type: problemType(f.base, f.title),
    title: f.title,
    status: f.status,
    detail: f.detail,
    instance: f.instance,
    provider: f.provider,
    product: f.product,
    error_code: f.errorCode,
    correlation_id: f.correlationId,
    ...extras,
  };
}

/** @example globalErrorBody('unauthorized', 'A valid API key is required.', 'x-api-key header is missing') */
export function globalErrorBody(code: string, message: string, details: string) {
  return { error: { code, message, details } };
}

/** A browser never reads an answer (which may echo a request's words) as anything but its type. */
export const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;

/** @example jsonResponse(200, { ok: true }) */
export function jsonResponse(
  statusCode: number,
  body: unknown,
  contentType = JSON_TYPE,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': contentType, ...NOSNIFF, ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * A refusal of the edge's vocabulary (EDGE_REFUSALS) in the global body: the edge's own, or a handler's for an
 * unknown asset or a wrong method, in its words (`message`) where they are more precise.
 * @example edgeRefusal('notFound', '/v9 is not a route of this API; GET / lists them.').statusCode // 404
 */
export function edgeRefusal(
  kind: keyof typeof EDGE_REFUSALS,
  details: string,
  { message, headers = {} }: { message?: string; headers?: Record<string, string> } = {},
): APIGatewayProxyResult {
  const refusal = EDGE_REFUSALS[kind];
  return jsonResponse(
    refusal.status,
    globalErrorBody(refusal.code, message ?? refusal.message, details),
    JSON_TYPE,
    headers,
  );
}
