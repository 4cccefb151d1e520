// Where a newcomer learns to get a key (issue #40): the 401's message names this deployment's dashboard,
// the 401 and 429 bodies link their error pages (inside the contract's global body, which has no `type`, and
// as `Link: rel="help"`), /docs says it at the top and in the "Authorize" dialog, and the pages link each other.
import { describe, expect, it } from '@jest/globals';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const KEYED = '/v1/meta/coordinates-lookup?term=paris';

describe('where to get a key', () => {
  it.each([
    ['a missing key', {}],
    ['an unknown key', { 'x-api-key': 'nope' }],
  ])(
    'answers 401 for %s with the dashboard URL and the error page, in the global body',
    async (_c, headers) => {
      // Act
      const res = await api.get(KEYED, headers);
      // Assess
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: {
          code: 'unauthorized',
          message: `A valid API key is required in the x-api-key header. Get one at ${api.url}/dashboard.`,
          details: expect.stringMatching(new RegExp(`See ${api.url}/errors/unauthorized\\.$`)),
        },
      });
      expect(res.headers.get('link')).toBe(`<${api.url}/errors/unauthorized>; rel="help"`);
      const page = await api.get('/errors/unauthorized', {});
      expect([page.status, page.text]).toEqual([200, expect.stringContaining('dashboard')]);
    },
  );

  it('answers 429 with the reset in hours and minutes and its error page', async () => {
    // Prepare: a free key with its 10 requests spent
    const key = api.addKey('free');
    for (let i = 0; i < 10; i++) expect((await api.get(KEYED, { 'x-api-key': key })).status).toBe(200);
    // Act
    const res = await api.get(KEYED, { 'x-api-key': key });
    // Assess
    expect(res.status).toBe(429);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(Object.keys(res.body.error)).toEqual(['code', 'message', 'details']);
    expect(res.body.error.details).toMatch(/resets in (\d+ h )?\d+ min \(\d+ s\)/);
    expect(res.body.error.details).toMatch(new RegExp(`See ${api.url}/errors/rate-limit-exceeded\\.$`));
    expect(res.headers.get('link')).toBe(`<${api.url}/errors/rate-limit-exceeded>; rel="help"`);
    expect((await api.get('/errors/rate-limit-exceeded', {})).status).toBe(200);
  });

  it('says at the top of /docs where to get a key, and links the dashboard and GET /', async () => {
    const res = await api.get('/docs', {});
    const top = res.text.slice(0, res.text.indexOf('id="swagger-ui"'));
    expect(top).toContain('href="dashboard"');
    expect(top).toContain('href="./"');
  });

  it('names the dashboard of this deployment in the "Authorize" dialog', async () => {
    const res = await api.get('/openapi.json', {});
    expect(res.body.components.securitySchemes.apiKey.description).toContain(`${api.url}/dashboard`);
  });
});
