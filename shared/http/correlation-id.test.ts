import { describe, expect, it } from '@jest/globals';
import { ProblemError } from '../errors.ts';
import { apiEvent, lambdaContext, parse } from '../../tests/helpers/events.ts';
import { stackWith } from '../../tests/helpers/stack.ts';
import { correlationId } from './correlation-id.ts';
import type { ApiMiddleware } from './state.ts';

describe('correlationId', () => {
  it('sends a fresh X-Correlation-Id on every success', async () => {
    const h = stackWith([correlationId()]);
    const a = await h(apiEvent(), lambdaContext());
    const b = await h(apiEvent(), lambdaContext());
    expect(a.headers?.['X-Correlation-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers?.['X-Correlation-Id']).not.toBe(b.headers?.['X-Correlation-Id']);
  });

  it('puts the same id in the error body and the header', async () => {
    const fail: ApiMiddleware = {
      before: () => {
        throw new ProblemError(404, 'HOTEL_NOT_FOUND', 'nope');
      },
    };
    const h = stackWith([correlationId(() => 'fixed-id'), fail]);
    const res = await h(apiEvent(), lambdaContext());
    expect(res.statusCode).toBe(404);
    expect(res.headers?.['X-Correlation-Id']).toBe('fixed-id');
    expect(parse(res.body).correlation_id).toBe('fixed-id');
  });
});
