import { describe, expect, it } from '@jest/globals';
import {
  DetailArrayError,
  GlobalError,
  ProblemError,
  RateLimitExceededError,
  UnauthorizedError,
} from '../errors.ts';
import { apiEvent, lambdaContext, parse } from '../../tests/helpers/events.ts';
import { stackWith } from '../../tests/helpers/stack.ts';
import { correlationId } from './correlation-id.ts';
import type { ApiMiddleware } from './state.ts';

const throwing = (error: unknown): ApiMiddleware => ({
  before: () => {
    throw error;
  },
});
const run = (error: unknown) =>
  stackWith([correlationId(() => 'cid-1'), throwing(error)])(
    apiEvent({ path: '/v1/chain_a/rooms' }),
    lambdaContext(),
  );

describe('errorHandler', () => {
  it('renders a ProblemError as Problem Details with exactly the spec fields', async () => {
    const res = await run(
      new ProblemError(502, 'UPSTREAM_ERROR', 'Upstream failed.', { extras: { upstream_status: 503 } }),
    );
    expect(res.statusCode).toBe(502);
    expect(res.headers?.['Content-Type']).toBe('application/problem+json');
    expect(parse(res.body)).toEqual({
      type: 'https://api.example.test/prod/errors/upstream-error',
      title: 'Upstream Error',
      status: 502,
      detail: 'Upstream failed.',
      instance: '/v1/chain_a/rooms',
      provider: 'chain_a',
      product: 'rooms',
      error_code: 'UPSTREAM_ERROR',
      correlation_id: 'cid-1',
      upstream_status: 503,
    });
  });

  it('keeps headers a typed error carries, such as Retry-After', async () => {
    const res = await run(
      new ProblemError(503, 'UPSTREAM_UNAVAILABLE', 'busy', { headers: { 'Retry-After': '30' } }),
    );
    expect(res.headers?.['Retry-After']).toBe('30');
  });

  it('renders a GlobalError as {error:{code,message,details}} in application/json', async () => {
    const res = await run(new GlobalError(400, 'INVALID_URL', 'Bad URL.', 'url: not a hotel page'));
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['Content-Type']).toBe('application/json');
    expect(parse(res.body)).toEqual({
      error: { code: 'INVALID_URL', message: 'Bad URL.', details: 'url: not a hotel page' },
    });
  });

  it('names the dashboard in a 401 and links the error page of a 401 and a 429, in the global body', async () => {
    // Act
    const unauthorized = await run(new UnauthorizedError('The x-api-key header is missing.'));
    const limited = await run(new RateLimitExceededError(10, 3_600));
    // Assess
    expect(parse(unauthorized.body)).toEqual({
      error: {
        code: 'unauthorized',
        message:
          'A valid API key is required in the x-api-key header. Get one at https://api.example.test/prod/dashboard.',
        details: 'The x-api-key header is missing. See https://api.example.test/prod/errors/unauthorized.',
      },
    });
    expect(unauthorized.headers?.Link).toBe(
      '<https://api.example.test/prod/errors/unauthorized>; rel="help"',
    );
    expect((parse(limited.body) as { error: { details: string } }).error.details).toMatch(
      /resets in 1 h 0 min \(3600 s\)\. See https:\/\/api\.example\.test\/prod\/errors\/rate-limit-exceeded\.$/,
    );
    expect(limited.headers?.['Retry-After']).toBe('3600');
  });

  it('renders a DetailArrayError as a 400 detail array', async () => {
    const res = await run(
      new DetailArrayError([{ loc: ['query', 'name'], msg: 'Field required', type: 'missing' }]),
    );
    expect(res.statusCode).toBe(400);
    expect(parse(res.body)).toEqual({
      detail: [{ loc: ['query', 'name'], msg: 'Field required', type: 'missing' }],
    });
  });

  it('turns an unexpected error into 500 INTERNAL_ERROR without the stack or message', async () => {
    const res = await run(new TypeError('secret internals at /var/task/index.mjs:1:2'));
    expect(res.statusCode).toBe(500);
    const body = parse(res.body);
    expect(body.error_code).toBe('INTERNAL_ERROR');
    expect(body.correlation_id).toBe('cid-1');
    expect(res.body).not.toMatch(/secret|index\.mjs|TypeError/);
  });

  it('handles a thrown non-Error value', async () => {
    const res = await run('just a string');
    expect(res.statusCode).toBe(500);
    expect(parse(res.body).error_code).toBe('INTERNAL_ERROR');
  });
});
