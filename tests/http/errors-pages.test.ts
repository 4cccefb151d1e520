// Problem types that explain themselves (RFC 9457 §3.1.1): every `type` URL the API emits opens a short HTML
// page, generated from the manifest's declared errors, saying what the error means, which routes answer it,
// what to do and whether it costs quota; `/errors` lists them all and `/docs` links there.
import { describe, expect, it } from '@jest/globals';
import { problemSlug } from '../../shared/problem.ts';
import { BILLING_RULE } from '../../shared/http/daily-quota-billing.ts';
import { documentedErrors, routeList } from '../../shared/routes/index.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

/** Every code a Problem Details or global body can carry, with its statuses. */
const declared = [
  ...new Set(
    routeList.flatMap((route) =>
      documentedErrors(route)
        .filter((e) => e.dialect !== 'detail-array')
        .map((e) => e.code),
    ),
  ),
];

async function page(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
}

describe('GET /errors/{type}', () => {
  it.each(declared)('serves a page for %s', async (code) => {
    // Act
    const res = await page(`${api.url}/errors/${problemSlug(code)}`);
    // Assess
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html; charset=utf-8');
    expect(res.html).toContain(`<h1><code>${code}</code></h1>`);
    expect(res.html).toMatch(/<h2>What to do<\/h2>\s*<p>\S/);
    expect(res.html).toMatch(/<h2>Routes that answer it<\/h2>\s*<ul>\s*<li><code>(GET|POST) \//);
  });

  it('resolves the type URL of error bodies the API sends, and tells billed from free', async () => {
    // Prepare: an input error, a definitive negative, a failed source, an account error
    const bodies = [
      (await api.get('/v1/meta/coordinates-lookup?term=')).body,
      (await api.get('/v1/chain_b/search?destination_slug=atlantis-xx')).body,
      await fetch(`${api.url}/account/keys`).then(async (r) => (await r.json()) as { type: string }),
    ];
    // Act
    const pages = await Promise.all(bodies.map((b) => page(b.type)));
    // Assess
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
    expect(pages[0]!.html).toContain('Free: this error costs no quota.');
    expect(pages[1]!.html).toContain('Billed: a definitive answer from the source');
    expect(pages[2]!.html).toContain('NOT_SIGNED_IN');
  });

  it('lists every type at /errors, each linked from /docs beside the billing rule, and answers an unknown type 404', async () => {
    const index = await page(`${api.url}/errors`);
    const unknown = await fetch(`${api.url}/errors/no-such-type`);
    const docs = await page(`${api.url}/docs`);
    expect(index.status).toBe(200);
    for (const code of declared) expect(index.html).toContain(`href="errors/${problemSlug(code)}"`);
    expect([unknown.status, ((await unknown.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'not_found',
    ]);
    expect(docs.html).toContain('href="errors"');
    expect(docs.html).toContain(BILLING_RULE); // /docs states what is billed
  });
});

describe('the pages and JSON answers, as a browser reads them', () => {
  it('send no referrer from /docs, /errors and /errors/{type}, and nosniff on each', async () => {
    // Act
    const answers = await Promise.all(
      ['/docs', '/errors', '/errors/invalid-input'].map((path) => fetch(`${api.url}${path}`)),
    );
    // Assess
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('mark JSON and problem+json answers nosniff: a refusal, an edge refusal, the OpenAPI document', async () => {
    // Act: a keyed route without its key, an unknown path, the document
    const answers = await Promise.all(
      ['/v1/meta/coordinates-lookup?term=lyon', '/v9/nothing-here', '/openapi.json'].map((path) =>
        fetch(`${api.url}${path}`),
      ),
    );
    // Assess
    expect(answers.map((r) => r.status)).toEqual([401, 404, 200]);
    for (const res of answers) {
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("marks a data route's answer nosniff", async () => {
    // Act
    const res = await api.get('/v1/meta/coordinates-lookup?term=lyon&limit=1');
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
