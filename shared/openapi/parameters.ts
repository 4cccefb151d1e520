/**
 * The parameters of an operation, from its request schemas: each field's schema (the wire's string
 * forms included), whether it is required, and the route's example request as its example.
 */
import * as z from 'zod';
import type { Route } from '../routes/index.ts';
import { jsonSchema } from './schemas.ts';
import type { JsonSchema, Parameter } from './types.ts';
/**
 * The object whose keys are the parameters, under whatever wraps it: a refinement is a check on the
 * object itself, a `.transform()` of the whole query is a pipe whose input is what the client sends.
 */
function unwrapObject(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.core.$ZodType = schema;
  for (let depth = 0; depth < 16; depth++) {
    const def = current._zod.def as unknown as Record<string, z.core.$ZodType | undefined> & { type: string };
    if (def.type === 'object') return current as z.ZodObject;
    if (def.type === 'pipe') {
      // z.preprocess(fn, object) is a pipe from a transform: the object is its output side.
      current = (def.in!._zod.def.type === 'transform' ? def.out : def.in)!;
    } else if (def.innerType) current = def.innerType;
    else return undefined;
  }
  return undefined;
}

const TYPED = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref'];
const typed = (schema: JsonSchema) => TYPED.some((k) => k in schema);

/**
 * One parameter's schema. The output side says what the API accepts once parsed (the enum behind a
 * pipe, the integer behind a string); where a transform hides it, the input side (the string's pattern).
 */
function parameterSchema(field: z.ZodType): JsonSchema {
  const output = jsonSchema(field, 'output');
  const input = jsonSchema(field, 'input');
  const schema: JsonSchema = typed(output) ? { ...output } : { ...input };
  for (const key of ['default', 'description', 'example', 'examples', 'deprecated'] as const) {
    if (schema[key] === undefined && (output[key] ?? input[key]) !== undefined)
      (schema as Record<string, unknown>)[key] = output[key] ?? input[key];
  }
  // A bound the type states anyway is noise to a reader.
  if (schema.type === 'integer' && schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  return schema;
}

/** The route's example request, split into its path and query values. */
function exampleValues(route: Route): { path: Record<string, string>; query: URLSearchParams } {
  const url = new URL(route.example, 'http://example.invalid');
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name) => {
    names.push(name as string);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(url.pathname);
  const path: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match?.[i + 1];
    if (value !== undefined) path[name] = decodeURIComponent(value);
  });
  return { path, query: url.searchParams };
}

/** The wire string as the value the schema describes: `2` for an integer, the enum's own spelling. */
function typedExample(value: string, schema: JsonSchema): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    // Enumerated parameters are case-insensitive on the wire.
    return schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === value.toLowerCase()) ?? value;
  }
  return value;
}

/**
 * The operation's parameters in `where`, from its request schema, each with the route's example value.
 * @example parameters(query, 'query', routes.chainARooms).map((p) => p.name) // ['hotel_code', 'check_in', …]
 */
export function parameters(
  schema: z.ZodType | undefined,
  where: 'query' | 'path',
  route: Route,
): Parameter[] {
  if (!schema) return [];
  const object = unwrapObject(schema);
  // Required-ness is the input side's: a parameter with a default may be left out.
  const input = jsonSchema(object ?? schema, 'input');
  const fields = object
    ? Object.entries(object.shape as Record<string, z.ZodType>).map(([name, field]) => ({
        name,
        schema: parameterSchema(field),
      }))
    : // Not an object at all: the input side's properties are the best that can be said.
      Object.entries(input.properties ?? {}).map(([name, s]) => ({ name, schema: s }));
  const examples = exampleValues(route);
  return fields.map(({ name, schema: s }) => {
    const { description, example: own, examples: owns, deprecated, ...rest } = s;
    const sent = where === 'path' ? examples.path[name] : (examples.query.get(name) ?? undefined);
    const example =
      sent !== undefined
        ? typedExample(sent, rest)
        : (own ??
          (Array.isArray(owns) ? owns[0] : undefined) ??
          rest.default ??
          (Array.isArray(rest.enum) ? rest.enum[0] : undefined) ??
          rest.const);
    return {
      name,
      in: where,
      required: where === 'path' || (input.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      // A parameter kept only to be refused with its documented error says so.
      ...(deprecated === true ? { deprecated: true } : {}),
      schema: rest,
      ...(example !== undefined ? { example } : {}),
    };
  });
}
