import { describe, expect, it } from '@jest/globals';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { apiEvent, lambdaContext, parse } from '../../tests/helpers/events.ts';
import { stackWith } from '../../tests/helpers/stack.ts';
import { MemoryKeyStore } from '../store/memory.ts';
import { apiKeyAuth } from './api-key-auth.ts';

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
