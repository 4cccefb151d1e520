import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { apiEvent, lambdaContext, parse } from '../../tests/helpers/events.ts';
import { stackWith, testRoute } from '../../tests/helpers/stack.ts';
import type { Route } from '../routes/index.ts';
import { intParam, text } from '../schemas/params.ts';
import { MAX_QUERY_CHARS, parameterPath, validateRequest } from './validate-request.ts';

const Query = z.object({
  name: text(100),
  limit: intParam(1, 25, 10),
  date: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), {
      message: 'must be YYYY-MM-DD',
      params: { error_code: 'INVALID_DATE_FORMAT' },
    }),
});
const Path = z.object({ id: intParam(1, Number.MAX_SAFE_INTEGER) });
/** A route that declares the date code with `status` (or not at all, when undefined). */
const declaring = (status: number | undefined): Route['errors'] =>
  status === undefined ? {} : { INVALID_DATE_FORMAT: { status, when: 'date not YYYY-MM-DD' } };
const withStyle = (validation: Route['validation'], errors = declaring(400)) =>
  stackWith([validateRequest({ query: Query, path: Path })], { ...testRoute, validation, errors }, (s) => ({
    query: s.query,
    path: s.path,
  }));
const problem = withStyle({ kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' });
const ok = { pathParameters: { id: '7' } };

describe('validateRequest', () => {
  it('hands the handler parsed values with defaults applied', async () => {
    const res = await problem(apiEvent({ ...ok, query: { name: '  Paris  ' } }), lambdaContext());
    expect(res.statusCode).toBe(200);
    expect(parse(res.body)).toEqual({ query: { name: 'Paris', limit: 10 }, path: { id: 7 } });
  });

  it.each(['0', '26', '1.5', 'abc', '', '1e3', '10abc'])(
    'rejects limit=%j with 400 INVALID_PARAMETERS naming the parameter',
    async (limit) => {
      const res = await problem(apiEvent({ ...ok, query: { name: 'x', limit } }), lambdaContext());
      expect(res.statusCode).toBe(400);
      const body = parse(res.body);
      expect(body.error_code).toBe('INVALID_PARAMETERS');
      expect(body.errors).toEqual([expect.objectContaining({ parameter: 'limit', in: 'query' })]);
    },
  );

  it('lets a refinement claim its documented code', async () => {
    const res = await problem(apiEvent({ ...ok, query: { name: 'x', date: '21/11/2026' } }), lambdaContext());
    expect(res.statusCode).toBe(400);
    expect(parse(res.body).error_code).toBe('INVALID_DATE_FORMAT');
  });

  it("takes a claimed code's status from the route that declares it", async () => {
    const route = withStyle({ kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' }, declaring(422));
    const res = await route(apiEvent({ ...ok, query: { name: 'x', date: '21/11/2026' } }), lambdaContext());
    expect(res.statusCode).toBe(422);
    expect(parse(res.body).error_code).toBe('INVALID_DATE_FORMAT');
  });

  it('answers the validation code of a route that does not declare the claimed code', async () => {
    const route = withStyle(
      { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' },
      declaring(undefined),
    );
    const res = await route(apiEvent({ ...ok, query: { name: 'x', date: '21/11/2026' } }), lambdaContext());
    expect(res.statusCode).toBe(400);
    expect(parse(res.body).error_code).toBe('INVALID_PARAMETERS');
  });

  it('renders 422 when the route documents 422', async () => {
    const res = await withStyle({ kind: 'problem', status: 422, code: 'VALIDATION_ERROR' })(
      apiEvent(ok),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(422);
    expect(parse(res.body).error_code).toBe('VALIDATION_ERROR');
  });

  it('renders the detail array when the route documents it', async () => {
    const res = await withStyle({ kind: 'detail-array' })(
      apiEvent({ pathParameters: { id: '7' }, query: { limit: '99' } }),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(400);
    expect(parse(res.body)).toEqual({
      detail: [
        { loc: ['query', 'name'], msg: 'Field required', type: 'missing' },
        { loc: ['query', 'limit'], msg: 'must be an integer from 1 to 25', type: 'value_error' },
      ],
    });
  });

  it('renders the global body when the route documents it', async () => {
    const res = await withStyle({ kind: 'global', status: 400, code: 'INVALID_URL' })(
      apiEvent(ok),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(400);
    expect(parse(res.body)).toEqual({
      error: { code: 'INVALID_URL', message: 'Invalid request parameters.', details: 'name is required' },
    });
  });

  it('validates path parameters too', async () => {
    const res = await problem(
      apiEvent({ pathParameters: { id: '-3' }, query: { name: 'x' } }),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(400);
    expect(parse(res.body).errors).toEqual([expect.objectContaining({ parameter: 'id', in: 'path' })]);
  });

  describe('an over-long query', () => {
    /** A query of `chars` characters (names, values and their two separators), with a valid name. */
    const queryOf = (chars: number) => ({ name: 'Paris', pad: 'x'.repeat(chars - 11 - 5) });

    it('reads a query of exactly MAX_QUERY_CHARS characters', async () => {
      const res = await problem(apiEvent({ ...ok, query: queryOf(MAX_QUERY_CHARS) }), lambdaContext());
      expect(res.statusCode).toBe(200);
    });

    it.each([
      [{ kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' }, 400, 'INVALID_PARAMETERS'],
      [{ kind: 'problem', status: 422, code: 'VALIDATION_ERROR' }, 422, 'VALIDATION_ERROR'],
      [{ kind: 'global', status: 400, code: 'INVALID_URL' }, 400, 'INVALID_URL'],
    ] as const)('refuses one character more in the route style %j', async (style, status, code) => {
      const res = await withStyle(style)(
        apiEvent({ ...ok, query: queryOf(MAX_QUERY_CHARS + 1) }),
        lambdaContext(),
      );
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain(code);
      expect(res.body).toContain(
        `is ${MAX_QUERY_CHARS + 1} characters long; at most ${MAX_QUERY_CHARS} are read`,
      );
      expect(res.body).not.toContain('xxxxxxxxxx');
    });

    it('names the query in the detail array', async () => {
      const res = await withStyle({ kind: 'detail-array' })(
        apiEvent({ ...ok, query: queryOf(20_000) }),
        lambdaContext(),
      );
      expect(res.statusCode).toBe(400);
      expect(parse(res.body)).toEqual({
        detail: [
          {
            loc: ['query'],
            msg: `is 20000 characters long; at most ${MAX_QUERY_CHARS} are read`,
            type: 'value_error',
          },
        ],
      });
    });

    it('counts every value of a repeated parameter', async () => {
      const value = 'y'.repeat(4_000);
      const event = apiEvent({ ...ok, query: { name: 'Paris', tag: value } });
      event.multiValueQueryStringParameters = { name: ['Paris'], tag: [value, value, value] };
      const res = await problem(event, lambdaContext());
      expect(res.statusCode).toBe(400);
      expect(parse(res.body).errors).toEqual([
        { parameter: 'query', in: 'query', message: expect.stringMatching(/^is 12026 characters long/) },
      ]);
    });
  });
});

describe('validateRequest, synchronous where the schemas allow', () => {
  it('answers without a promise when no schema is async (no turn of the event loop on a hit)', async () => {
    // Prepare: the middleware's before, called by a wrapper that keeps what it returned
    const validate = validateRequest({ query: Query, path: Path }).before!;
    const returned: unknown[] = [];
    const route = stackWith(
      [{ before: (request) => void returned.push(validate(request)) }],
      testRoute,
      (s) => ({
        query: s.query,
      }),
    );
    // Act
    const res = await route(apiEvent({ ...ok, query: { name: 'Paris' } }), lambdaContext());
    // Assess
    expect(res.statusCode).toBe(200);
    expect(parse(res.body)).toEqual({ query: { name: 'Paris', limit: 10 } });
    expect(returned).toEqual([undefined]);
  });

  it('still validates a schema with an async refinement, and in order: path issues before query issues', async () => {
    // Prepare
    const AsyncPath = z.object({
      id: z.string().refine(async (v) => v !== 'bad', { message: 'is refused' }),
    });
    const route = stackWith(
      [validateRequest({ query: Query, path: AsyncPath })],
      { ...testRoute, validation: { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' } },
      (s) => ({ path: s.path }),
    );
    // Act
    const good = await route(
      apiEvent({ pathParameters: { id: 'fine' }, query: { name: 'x' } }),
      lambdaContext(),
    );
    const bad = await route(
      apiEvent({ pathParameters: { id: 'bad' }, query: { limit: '99' } }),
      lambdaContext(),
    );
    const again = await route(
      apiEvent({ pathParameters: { id: 'bad' }, query: { name: 'x' } }),
      lambdaContext(),
    );
    // Assess
    expect(good.statusCode).toBe(200);
    expect(parse(good.body)).toEqual({ path: { id: 'fine' } });
    expect(bad.statusCode).toBe(400);
    expect((parse(bad.body).errors as { parameter: string }[]).map((e) => e.parameter)).toEqual([
      'id',
      'name',
      'limit',
    ]);
    expect(again.statusCode).toBe(400);
  });
});

describe('parameterPath', () => {
  it('names a parameter by its named parts, never by an index into its values', () => {
    // Act
    const names = [parameterPath(['prices', 1]), parameterPath(['url', 'dest_id']), parameterPath([])];
    // Assess
    expect(names).toEqual(['prices', 'url.dest_id', '']);
  });
});
