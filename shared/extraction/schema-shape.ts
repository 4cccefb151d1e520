/**
 * How the tolerant reader (tolerant.ts) sees a zod schema: through its wrappers, field by field, and along
 * a path into a value.
 */
import * as z from 'zod';

/** Any zod schema, as zod's core sees it. */
export type AnySchema = z.core.$ZodType;
/** A schema's definition: its type name and what that type holds. */
export type Def = { type: string; [key: string]: unknown };

/**
 * A schema's definition.
 * @example defOf(z.string().optional()).type // 'optional'
 */
export const defOf = (s: AnySchema) => s._zod.def as unknown as Def;

/** Wrappers that do not change what a value looks like: read through them. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * The schema under optional/nullable/default… wrappers, the input side of a pipe, a lazy schema's target.
 * @example defOf(unwrap(z.number().nullish())).type // 'number'
 */
export function unwrap(s: AnySchema): AnySchema {
  let here = s;
  for (;;) {
    const def = defOf(here);
    if (WRAPPERS.has(def.type)) here = def.innerType as AnySchema;
    else if (def.type === 'pipe') here = def.in as AnySchema;
    else if (def.type === 'lazy') here = (def.getter as () => AnySchema)();
    else return here;
  }
}

/**
 * The field may be absent: `.optional()`, `.nullish()`, `.default()`, `.prefault()`.
 * @example mayBeAbsent(z.string().nullish()) // true
 */
export const mayBeAbsent = (s: AnySchema) =>
  (s._zod.optin as string | undefined) === 'optional' || (s._zod.optin as string | undefined) === 'defaulted';

const normal = new WeakSet<AnySchema>();

/**
 * An optional field whose absence is the normal answer, not drift: a GraphQL answer's `errors` beside its
 * data. The tolerant reader reads it when it is there and never counts it missing.
 * @example errors: normallyAbsent(z.array(GraphQLError).optional())
 */
export function normallyAbsent<S extends AnySchema>(schema: S): S {
  normal.add(schema);
  return schema;
}

/** Whether an absent field is worth counting: it may be absent, and its absence is not the normal answer. */
export const countedWhenAbsent = (s: AnySchema) => mayBeAbsent(s) && !normal.has(s);

/**
 * The path of the innermost part above `path`'s last step that the schema lets be absent, within the same
 * record (a nested list's entries are that list's business), or undefined.
 * @example optionalPart(z.object({ gps: z.object({ lat: z.number() }).optional() }), ['gps', 'lat']) // ['gps']
 */
export function optionalPart(schema: AnySchema, path: readonly PropertyKey[]): PropertyKey[] | undefined {
  const along: AnySchema[] = [];
  let here: AnySchema | undefined = schema;
  for (const step of path) {
    const def = defOf(unwrap(here));
    if (def.type === 'object' && typeof step === 'string')
      here = (def.shape as Record<string, AnySchema>)[step];
    else if (def.type === 'array' && typeof step === 'number') here = def.element as AnySchema;
    else return undefined;
    if (!here) return undefined;
    along.push(here);
  }
  for (let i = path.length - 2; i >= 0 && typeof path[i + 1] !== 'number'; i -= 1)
    if (typeof path[i] === 'string' && mayBeAbsent(along[i]!)) return path.slice(0, i + 1);
  return undefined;
}

/** A field of a reader's schema: its path, whether a record may lack it, and whether it is a list. */
export interface FieldSpec {
  path: string;
  optional: boolean;
  list?: true;
  /** A map of arbitrary keys (`z.record`): another key is another entry, not an unknown field. */
  record?: true;
  /** Its absence is the normal answer (`normallyAbsent`): never counted missing. */
  uncounted?: true;
}

/**
 * Every field `schema` names, outermost first (lists as `[]`, record values as `*`); the mutation tests
 * and the connector guide derive from it, so a new field is covered without writing a case.
 * @example fieldsOf(z.object({ id: z.string(), note: z.string().optional() })) // [{ path: 'id', optional: false }, { path: 'note', optional: true }]
 */
export function fieldsOf(schema: z.ZodType, path = '', seen = new Set<AnySchema>()): FieldSpec[] {
  const s = unwrap(schema);
  if (seen.has(s)) return [];
  const def = defOf(s);
  const out: FieldSpec[] = [];
  const next = new Set(seen).add(s);
  if (def.type === 'object')
    for (const [key, field] of Object.entries(def.shape as Record<string, AnySchema>)) {
      const here = path ? `${path}.${key}` : key;
      const type = defOf(unwrap(field)).type;
      const kind =
        type === 'array' ? { list: true as const } : type === 'record' ? { record: true as const } : {};
      out.push(
        {
          path: here,
          optional: mayBeAbsent(field),
          ...kind,
          ...(normal.has(field) && { uncounted: true as const }),
        },
        ...fieldsOf(field as z.ZodType, here, next),
      );
    }
  else if (def.type === 'array') out.push(...fieldsOf(def.element as z.ZodType, `${path}[]`, next));
  else if (def.type === 'record') out.push(...fieldsOf(def.valueType as z.ZodType, `${path}.*`, next));
  else if (def.type === 'union')
    for (const option of def.options as z.ZodType[]) out.push(...fieldsOf(option, path, next));
  return out;
}
