// The reference as the service serves it, without a key: GET /openapi.json (the built document, with the
// deployment as its server) and GET /docs with its assets (every script and style from the service itself).
import { afterEach, describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { CONTENT_SECURITY_POLICY } from '../../functions/docs/page.ts';
import { forDeployment, handler as openapiHandler } from '../../functions/docs/openapi.ts';
import { buildOpenApi } from '../../infra/openapi.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

describe('GET /openapi.json', () => {
  afterEach(() => {
    delete process.env.PUBLIC_BASE_URL;
  });

  it('serves the built document without a key, naming the address it was asked at as its server', async () => {
    // Act
    const res = await api.get('/openapi.json', {});
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = forDeployment(await buildOpenApi(), api.url);
    expect(doc.servers).toEqual([{ url: api.url, description: 'This deployment' }]);
    expect(res.body).toEqual(doc);
  });

  it('names the configured deployment URL (PUBLIC_BASE_URL) as its server', async () => {
    // Prepare
    process.env.PUBLIC_BASE_URL = 'https://abc.execute-api.eu-west-1.amazonaws.com/prod';
    const event = {
      headers: { Host: 'localhost:3000' },
      requestContext: { stage: 'prod', path: '/prod/openapi.json' },
    } as unknown as APIGatewayProxyEvent;
    // Act
    const res = await openapiHandler(event);
    // Assess
    expect(JSON.parse(res.body).servers).toEqual([
      { url: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod', description: 'This deployment' },
    ]);
  });

  it('names the stage URL API Gateway was called at when none is configured', async () => {
    const event = {
      headers: { Host: 'abc.execute-api.eu-west-1.amazonaws.com', 'X-Forwarded-Proto': 'https' },
      requestContext: {
        domainName: 'abc.execute-api.eu-west-1.amazonaws.com',
        stage: 'prod',
        path: '/prod/openapi.json',
      },
    } as unknown as APIGatewayProxyEvent;
    const res = await openapiHandler(event);
    expect(JSON.parse(res.body).servers[0].url).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/prod');
  });
});

describe('GET /docs', () => {
  it('serves the reference page without a key, its scripts and styles relative to it, under a strict policy', async () => {
    // Act
    const res = await api.get('/docs', {});
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const refs = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    // Scripts, styles and the links to the dashboard, GET / and the error types' pages, all relative to the page.
    expect(refs).toEqual([
      'data:,',
      'docs/swagger-ui.css',
      'dashboard',
      './',
      'errors',
      'docs/swagger-ui-bundle.js',
      'docs/init.js',
    ]);
  });

  it.each([
    ['swagger-ui.css', 'text/css; charset=utf-8', /\.swagger-ui/],
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8', /SwaggerUIBundle/],
    ['init.js', 'text/javascript; charset=utf-8', /url: 'openapi\.json'/],
  ])('serves the asset %s as %s', async (name, type, content) => {
    const res = await api.get(`/docs/${name}`, {});
    expect([res.status, res.headers.get('content-type')]).toEqual([200, type]);
    expect(res.text).toMatch(content);
  });

  it.each(['index.html', '__proto__', 'constructor', '..%2Fpackage.json', 'swagger-ui.css%00'])(
    'answers the unknown asset %s with 404 not_found in the global body',
    async (name) => {
      const res = await api.get(`/docs/${name}`, {});
      expect([res.status, res.body?.error?.code]).toEqual([404, 'not_found']);
    },
  );

  it('answers another method with 405', async () => {
    const res = await fetch(`${api.url}/docs`, { method: 'POST', body: '{}' });
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET']);
  });
});
