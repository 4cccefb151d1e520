import { describe, expect, it } from '@jest/globals';
import { ProblemError } from '../errors.ts';
import { apiEvent, lambdaContext } from '../../tests/helpers/events.ts';
import { stackWith } from '../../tests/helpers/stack.ts';
import { stateOf, type ApiMiddleware } from './state.ts';

const setHeader: ApiMiddleware = {
  before: (r) => {
    stateOf(r.event).responseHeaders['X-Test'] = 'yes';
  },
};

describe('responseHeaders', () => {
  it('adds the shared headers to a success', async () => {
    const res = await stackWith([setHeader])(apiEvent(), lambdaContext());
    expect(res.headers?.['X-Test']).toBe('yes');
  });

  it('adds the shared headers to a rendered error', async () => {
    const fail: ApiMiddleware = {
      before: () => {
        throw new ProblemError(400, 'X', 'y');
      },
    };
    const res = await stackWith([setHeader, fail])(apiEvent(), lambdaContext());
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['X-Test']).toBe('yes');
  });
});
