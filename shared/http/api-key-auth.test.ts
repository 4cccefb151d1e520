import { describe, expect, it } from '@jest/globals';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { apiEvent, lambdaContext, parse } from '../../tests/helpers/events.ts';
import { stackWith } from '../../tests/helpers/stack.ts';
import { MemoryKeyStore } from '../store/memory.ts';
import { ProblemError } from '../errors.ts';
import { apiKeyAuth, callerLookup } from './api-key-auth.ts';
import type { ApiMiddleware } from './state.ts';

const keys = MemoryKeyStore.fromSpec('good-key:basic');
const handler = stackWith([httpHeaderNormalizer(), apiKeyAuth(() => keys)], undefined, (s) => ({
  tier: s.caller?.tier,
  keyId: s.caller?.keyId,
}));

describe('apiKeyAuth', () => {
  it('accepts a known key under any header letter case', async () => {
    for (const name of ['x-api-key', 'X-API-Key', 'X-Api-KEY']) {
      const res = await handler(apiEvent({ headers: { [name]: 'good-key' } }), lambdaContext());
      expect(res.statusCode).toBe(200);
      expect(parse(res.body).tier).toBe('basic');
    }
  });

  it('identifies the caller by the SHA-256 of the key, never the key itself', async () => {
    const res = await handler(apiEvent({ headers: { 'x-api-key': 'good-key' } }), lambdaContext());
    const body = parse(res.body);
    expect(body.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body).not.toContain('good-key');
  });

  it.each([
    ['missing', {}],
    ['empty', { 'x-api-key': '' }],
    ['blank', { 'x-api-key': '   ' }],
    ['unknown', { 'x-api-key': 'bad-key' }],
  ])('returns 401 unauthorized in the global body for a %s key', async (_case, headers) => {
    const res = await handler(apiEvent({ headers }), lambdaContext());
    expect(res.statusCode).toBe(401);
    expect(res.headers?.['Content-Type']).toBe('application/json');
    const body = parse(res.body) as { error: Record<string, string> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe('unauthorized');
    expect(typeof body.error.message).toBe('string');
    expect(typeof body.error.details).toBe('string');
    expect(res.body).not.toContain('bad-key');
  });
});

describe('apiKeyAuth with its lookup overlapped', () => {
  // A parameter check after auth that refuses the request (as validation would, with a 400).
  const invalid: ApiMiddleware = {
    before: () => {
      throw new ProblemError(400, 'INVALID_PARAMETERS', 'adults must be 1 to 8.');
    },
  };
  const overlapped = (...after: ApiMiddleware[]) =>
    stackWith([httpHeaderNormalizer(), apiKeyAuth(() => keys, { overlap: true }), ...after]);

  it.each([
    ['an answer that did not wait for the lookup', []],
    ['an invalid parameter found first', [invalid]],
  ])('still answers an unknown key 401 over %s', async (_case, after) => {
    const res = await overlapped(...after)(
      apiEvent({ headers: { 'x-api-key': 'bad-key' } }),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(401);
    expect((parse(res.body) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it("lets a known key's request end in its own error, and records the caller for whoever awaits the lookup", async () => {
    let seen: string | undefined;
    const awaiting: ApiMiddleware = {
      before: async (request) => {
        seen = (await callerLookup(request.event))?.tier;
      },
    };
    const refused = await overlapped(invalid)(
      apiEvent({ headers: { 'x-api-key': 'good-key' } }),
      lambdaContext(),
    );
    const answered = await overlapped(awaiting)(
      apiEvent({ headers: { 'x-api-key': 'good-key' } }),
      lambdaContext(),
    );
    expect(refused.statusCode).toBe(400);
    expect([answered.statusCode, seen]).toEqual([200, 'basic']);
  });
});
