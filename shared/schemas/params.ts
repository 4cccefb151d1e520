/**
 * Building blocks for query and path parameters. API Gateway hands every parameter over as a
 * string; these parse them strictly (no silent coercion of `''` or `1.5` to a number).
 */
import * as z from 'zod';
import { todayUtc } from '../dates.ts';

/** Re-exported where the parameter builders that use it live. */
export { todayUtc };

/**
 * Metadata a refinement may attach so that one failed rule answers with a more specific code: one the
 * route declares in the manifest, which gives its status.
 */
export interface IssueCode {
  error_code: string;
}

/** A refinement's context, with `claim` to raise one of the codes its rule declared. */
export interface CodedCtx<C extends string> extends z.RefinementCtx {
  /** Adds an issue answered with `code`; `path` names the parameter when the rule spans several. */
  claim(code: C, message: string, path?: PropertyKey[]): void;
}

const withClaim = <C extends string>(ctx: z.RefinementCtx): CodedCtx<C> => ({
  ...ctx,
  claim: (code, message, path) =>
    ctx.addIssue({ code: 'custom', message, params: { error_code: code }, ...(path ? { path } : {}) }),
});

/**
 * A rule whose broken cases answer with the route's own codes. The codes it may claim are declared up front
 * and travel with the schema (its check's `params.error_codes`), so that a test holds every route to
 * declaring each code its schemas can claim (`claimedCodes`); the type keeps the rule to them.
 * @example z.object({ a: z.string() }).check(coded(['MISSING_A'], (q, ctx) => { if (!q.a) ctx.claim('MISSING_A', 'is required', ['a']); }))
 */
export function coded<T, const C extends string>(
  claims: readonly C[],
  rule: (value: T, ctx: CodedCtx<C>) => void,
): z.core.$ZodCheck<T> {
  return z.superRefine<T>(
    (value, ctx) => rule(value, withClaim<C>(ctx)),
    // zod keeps a check's params on its definition (`_zod.def.params`), where claimedCodes reads them; its
    // type for superRefine names `when` alone.
    { params: { error_codes: claims } } as z.core.$ZodSuperRefineParams,
  );
}

/** The codes each coded transform may claim, by its function (a transform has no params of its own). */
const TRANSFORM_CLAIMS = new WeakMap<object, readonly string[]>();

/**
 * A transform that may refuse its input with the route's own codes, declared up front as `coded()`'s are.
 * @example z.string().transform(codedTransform(['INVALID_URL'], (s, ctx) => URL.parse(s) ?? (ctx.claim('INVALID_URL', 'is not a URL'), z.NEVER)))
 */
export function codedTransform<I, O, const C extends string>(
  claims: readonly C[],
  fn: (value: I, ctx: CodedCtx<C>) => O,
): (value: I, ctx: z.RefinementCtx<I>) => O {
  const transform = (value: I, ctx: z.RefinementCtx<I>) => fn(value, withClaim<C>(ctx));
  TRANSFORM_CLAIMS.set(transform, claims);
  return transform;
}

/** What the walk of a schema reads: a definition, its checks and their params. */
interface ZodNode {
  _zod: {
    def: Record<string, unknown> & { checks?: ZodNode[]; params?: Claims; transform?: unknown };
    innerType?: unknown;
  };
}
interface Claims {
  error_code?: string;
  error_codes?: readonly string[];
}

/**
 * Every error_code a schema can claim, at any depth (objects, wrappers, pipes, unions, arrays, lazy
 * schemas): a refinement's `params.error_code`, a `coded()` check's or transform's codes.
 * @example claimedCodes(z.object({ id: idParam(/^\d+$/, 'INVALID_HOTEL_ID', 'must be digits') })) // Set { 'INVALID_HOTEL_ID' }
 */
export function claimedCodes(schema: unknown): Set<string> {
  const codes = new Set<string>();
  const seen = new Set<unknown>();
  const claim = (params: Claims | undefined) => {
    if (params?.error_code) codes.add(params.error_code);
    for (const code of params?.error_codes ?? []) codes.add(code);
  };
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(visit);
    if (!('_zod' in value)) return Object.values(value).forEach(visit);
    const node = value as ZodNode;
    const { def } = node._zod;
    claim(def.params);
    for (const check of def.checks ?? []) claim(check._zod.def.params);
    if (typeof def.transform === 'function') claim({ error_codes: TRANSFORM_CLAIMS.get(def.transform) });
    // A lazy schema's inner schema is built on first read; every other one hangs off the definition.
    if (def.type === 'lazy') visit(node._zod.innerType);
    for (const [key, member] of Object.entries(def)) if (key !== 'checks') visit(member);
  };
  visit(schema);
  return codes;
}

const required = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

/**
 * An integer parameter within [min, max]; absent means `fallback` when one is given.
 * @example intParam(1, 25, 10) // '5' → 5, undefined → 10, '0' / '5.5' / 'x' → issue
 */
export function intParam(
  min: number,
  max: number,
  fallback: number,
): z.ZodDefault<z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>>;
export function intParam(
  min: number,
  max: number,
): z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>;
export function intParam(min: number, max: number, fallback?: number) {
  const bounds =
    max >= Number.MAX_SAFE_INTEGER
      ? min === 1
        ? 'a positive integer'
        : `an integer of at least ${min}`
      : `an integer from ${min} to ${max}`;
  const parsed = z
    .string({ error: required(bounds) })
    .trim()
    .regex(/^[+-]?\d{1,16}$/, { error: `must be ${bounds}` })
    .transform(Number)
    .pipe(
      z
        .number()
        // A 16-digit value past 2^53 fails int() too: said in the same words, once.
        .int({ error: `must be ${bounds}` })
        .min(min, { error: `must be ${bounds}` })
        .max(max, { error: `must be ${bounds}` }),
    )
    // Documents the parameter as the integer it is (the wire form is a string) in the OpenAPI document.
    .meta({
      type: 'integer',
      minimum: min,
      ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
      pattern: undefined,
    });
  return fallback === undefined ? parsed : parsed.default(fallback);
}

const REPEATED = new WeakSet<z.ZodType>();

/**
 * Marks a query parameter that may be repeated (`prices=1&prices=2`): validation hands its schema every
 * value as an array. Other parameters keep API Gateway's rule: the last value of a repeated one counts.
 * @example export const prices = repeatable(z.union([z.string(), z.array(z.string())]))
 */
export function repeatable<T extends z.ZodType>(schema: T): T {
  REPEATED.add(schema);
  return schema;
}

/** Whether a parameter's schema takes every value of a repeated parameter. @example isRepeatable(schema) */
export const isRepeatable = (schema: unknown): boolean => REPEATED.has(schema as z.ZodType);

/**
 * A required text parameter, trimmed, non-empty after trimming, at most `max` characters.
 * @example text(100) // '  Paris ' → 'Paris', '   ' → issue
 */
export function text(max = 500, min = 1) {
  const what =
    min > 1 ? `a text of ${min} to ${max} characters` : `a non-empty text of at most ${max} characters`;
  return z
    .string({ error: required(what) })
    .trim()
    .min(min, { error: min > 1 ? `must be ${what}` : 'must not be empty' })
    .max(max, { error: `must be ${what}` });
}

/**
 * An id parameter of a known shape, trimmed (and upper-cased with `upper`): a malformed id answers the
 * addendum's 400 `INVALID_<THING>_ID`, the route's own code, rather than its generic validation error.
 * @example idParam(/^\d{1,12}$/, 'INVALID_HOTEL_ID', 'must be a numeric hotel id') // ' 42 ' → '42', 'x' → issue
 */
export function idParam(
  shape: RegExp,
  errorCode: `INVALID_${string}_ID`,
  message: string,
  { upper = false } = {},
) {
  const trimmed = z.string({ error: 'is required' }).trim();
  return (upper ? trimmed.toUpperCase() : trimmed).refine((id) => shape.test(id), {
    error: message,
    params: { error_code: errorCode },
  });
}

/**
 * Whether a text is a calendar date: order checks skip a date whose format is already refused.
 * @example isDay('2030-06-10') // true; isDay('2030-13-01') // false
 */
export function isDay(value: string | undefined): value is string {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export interface DateCodes {
  format: IssueCode;
  past?: IssueCode;
}

/**
 * A YYYY-MM-DD calendar date (2027-02-30 is refused), optionally not before today (UTC); each failure
 * carries the code the endpoint documents.
 * @example dateParam({ format: { error_code: 'INVALID_DATE_FORMAT' } })
 */
export function dateParam(codes: DateCodes) {
  return z
    .string({ error: 'is required' })
    .trim()
    .meta({ format: 'date' })
    .check(
      coded([codes.format.error_code, ...(codes.past ? [codes.past.error_code] : [])], (value, ctx) => {
        if (!isDay(value)) ctx.claim(codes.format.error_code, 'must be a date in the form YYYY-MM-DD');
        else if (codes.past && value < todayUtc())
          ctx.claim(codes.past.error_code, 'must not be in the past');
      }),
    );
}

/** Nights between two valid dates. @example nights('2027-01-01', '2027-01-03') // 2 */
export function nights(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}

// Intl knows the ISO 4217 list; read once, lazily, so functions without a currency pay nothing.
let iso4217: Set<string> | undefined;
const isIso4217 = (code: string) => (iso4217 ??= new Set(Intl.supportedValuesOf('currency'))).has(code);

/**
 * An ISO 4217 currency code, case-insensitive and upper-cased; `fallback` when absent. An unknown code
 * is 400 INVALID_CURRENCY on every route.
 * @example currencyParam().parse('eur') // 'EUR'; 'XYZ' → issue INVALID_CURRENCY
 */
export function currencyParam(fallback = 'USD') {
  return z
    .string()
    .trim()
    .toUpperCase()
    .check(
      coded(['INVALID_CURRENCY'], (code: string, ctx) => {
        if (!/^[A-Z]{3}$/.test(code) || !isIso4217(code))
          ctx.claim('INVALID_CURRENCY', 'must be an ISO 4217 currency code such as USD or EUR');
      }),
    )
    .default(fallback)
    .meta({
      type: 'string',
      pattern: '^[A-Za-z]{3}$',
      description: 'ISO 4217 currency code (case-insensitive)',
      example: fallback,
    });
}

/**
 * A coordinate within ±limit (90 for latitude, 180 for longitude), as a decimal number.
 * @example coordinateParam(90).parse('48.85') // 48.85
 */
export function coordinateParam(limit: 90 | 180) {
  const what = `must be a number from -${limit} to ${limit}`;
  return z
    .string({ error: 'is required' })
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, { error: what })
    .transform(Number)
    .pipe(z.number().min(-limit, { error: what }).max(limit, { error: what }))
    .meta({ type: 'number', minimum: -limit, maximum: limit, pattern: undefined });
}

/** A language code such as en, fr or pt-BR; `fallback` when absent. */
export function languageParam(fallback = 'en') {
  return z
    .string()
    .trim()
    .regex(/^[a-z]{2}(?:-[A-Za-z]{2})?$/, { error: 'must be a language code such as en or fr' })
    .default(fallback);
}
