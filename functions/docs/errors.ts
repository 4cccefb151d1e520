// GET /errors and GET /errors/{type}: a short page per problem type, for the humans who follow the `type`
// URL of an error body (RFC 9457 §3.1.1): what it means, which routes answer it, what to do, whether it
// costs quota. Generated from the manifest's declared errors, so a new route's errors have their page.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { BILLING_RULE, definitiveNegative } from '../../shared/http/daily-quota-billing.ts';
import { edgeRefusal, problemSlug } from '../../shared/problem.ts';
import { documentedErrors, routeList, type DocumentedError, type Route } from '../../shared/routes/index.ts';
import { CONTENT_SECURITY_POLICY } from './page.ts';

/** One problem type: its code, the statuses and meanings routes declare for it, and those routes. */
export interface ErrorType {
  slug: string;
  code: string;
  uses: { route: Route; error: DocumentedError }[];
}

let catalogue: Map<string, ErrorType> | undefined;

/** Every declared error code of every route, by slug. @example errorTypes().get('no-results')?.code // 'NO_RESULTS' */
export function errorTypes(): Map<string, ErrorType> {
  if (catalogue) return catalogue;
  catalogue = new Map();
  // No route declares it: any route answers it for a defect of the service (shared/http/error-handler.ts).
  const internal = {
    status: 500,
    when: 'an unexpected failure of this service',
    dialect: 'problem' as const,
  };
  catalogue.set('internal-error', {
    slug: 'internal-error',
    code: 'INTERNAL_ERROR',
    uses: routeList.map((route) => ({ route, error: { code: 'INTERNAL_ERROR', ...internal } })),
  });
  for (const route of routeList)
    for (const error of documentedErrors(route)) {
      if (error.dialect === 'detail-array') continue; // its body has no code and no type
      const slug = problemSlug(error.code);
      const entry = catalogue.get(slug) ?? { slug, code: error.code, uses: [] };
      entry.uses.push({ route, error });
      catalogue.set(slug, entry);
    }
  return catalogue;
}

/** What a caller does about a status. */
function advice(status: number, code: string): string {
  if (code === 'rate_limit_exceeded')
    return 'Wait for the next UTC midnight (Retry-After gives the seconds) or use a key of a higher tier. Only billed calls use the quota.';
  if (status === 401 && code === 'unauthorized')
    return 'Send a live API key in the x-api-key header (the dashboard makes and shows keys).';
  if (status === 401) return 'Sign in again at /dashboard.';
  if (status === 403) return 'Reload the dashboard page, which fetches a fresh CSRF token, and try again.';
  if (status === 404)
    return 'The request was understood and the source has nothing for it: change what you ask for.';
  if (status === 409 || status === 422)
    return 'The request is valid, but needs narrowing or another kind of value: the detail says which.';
  if (status === 429) return 'Slow down: Retry-After says when to try again.';
  if (code === 'INTERNAL_ERROR')
    return 'Retry once; if it persists, report it with the correlation_id of the answer.';
  if (status >= 500)
    return 'Retry later with backoff (Retry-After, when sent, says when); the detail names the source.';
  return 'Fix the request: the detail, and the `errors` array when present, name each parameter and what is wrong with it.';
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · travel-data-api</title>
<link rel="icon" href="data:,">
</head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem">
${body}
</body>
</html>
`;
}

/** The page of one problem type. @example typePage(errorTypes().get('no-results')!) */
export function typePage(type: ErrorType): string {
  const statuses = [...new Set(type.uses.map((u) => u.error.status))].sort();
  const meanings = [...new Set(type.uses.map((u) => `${u.error.status}: ${u.error.when}`))];
  // Billing concerns keyed, counted routes only; dashboard routes spend no quota.
  const billed = type.uses.some(
    (u) => u.route.auth && u.route.counted !== false && definitiveNegative(type.code, u.error),
  );
  const routes = type.uses
    .map((u) => `<li><code>${u.route.method} ${escape(u.route.path)}</code>: ${escape(u.route.summary)}</li>`)
    .join('\n');
  return page(
    type.code,
    `<p><a href="../errors">All error types</a> · <a href="../docs">API reference</a></p>
<h1><code>${escape(type.code)}</code></h1>
<p>HTTP ${statuses.join(', ')}. The error body's <code>type</code> ends in <code>/errors/${type.slug}</code>.</p>
<h2>What it means</h2>
<ul>${meanings.map((m) => `<li>${escape(m)}</li>`).join('\n')}</ul>
<h2>What to do</h2>
<p>${escape(advice(statuses[0]!, type.code))}</p>
<h2>Quota</h2>
<p>${billed ? 'Billed: a definitive answer from the source, counted like a 2xx.' : 'Free: this error costs no quota.'} ${escape(BILLING_RULE)}</p>
<h2>Routes that answer it</h2>
<ul>
${routes}
</ul>`,
  );
}

/** The index of every problem type. */
export function indexPage(): string {
  const items = [...errorTypes().values()]
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .map(
      (t) =>
        `<li><a href="errors/${t.slug}"><code>${escape(t.code)}</code></a>: ${escape(t.uses[0]!.error.when)}</li>`,
    )
    .join('\n');
  return page(
    'Error types',
    `<p><a href="docs">API reference</a></p>
<h1>Error types</h1>
<p>Every error this API answers with. Problem Details bodies link their page in <code>type</code>. ${escape(BILLING_RULE)}</p>
<ul>
${items}
</ul>`,
  );
}

const html = (statusCode: number, body: string): APIGatewayProxyResult => ({
  statusCode,
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'public, max-age=300',
  },
  body,
});

/** @example (await handler(event)).statusCode // 200 for /errors/invalid-input */
export async function handler(
  event: Pick<APIGatewayProxyEvent, 'pathParameters'>,
): Promise<APIGatewayProxyResult> {
  const slug = event.pathParameters?.type;
  if (slug === undefined) return html(200, indexPage());
  const type = errorTypes().get(slug);
  if (type) return html(200, typePage(type));
  return edgeRefusal('notFound', `${slug} is no error type of this API; GET /errors lists them.`, {
    message: 'No such error type.',
  });
}
