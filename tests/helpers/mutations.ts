// Mutations of a real-format payload, derived from the tolerant schema that reads it: each optional field
// removed, each required field removed, each field given a value of a type it does not take, an unknown
// field added to every object, a placeholder added to each list. Used by tests/extraction/mutations.test.ts; the rule they check is docs/connector-guide.md's.
import * as z from 'zod';
import { type FieldSpec, fieldsOf, readerSchema } from '../../shared/extraction/tolerant.ts';

type Json = unknown;
/** A field path of `fieldsOf` as steps: keys, `[]` (every entry of a list), `*` (every value of a record). */
type Step = string;

const steps = (path: string): Step[] => path.match(/\[\]|[^.[\]]+/g) ?? [];
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parents holding the last step of `path` in `value`, with that step's key. */
function holders(value: Json, path: Step[]): { parent: Json; key: Step }[] {
  if (path.length === 0) return [];
  const [first, ...rest] = path as [Step, ...Step[]];
  if (rest.length === 0) return [{ parent: value, key: first }];
  const children: Json[] =
    first === '[]'
      ? Array.isArray(value)
        ? value
        : []
      : first === '*'
        ? isObject(value)
          ? Object.values(value)
          : []
        : isObject(value) && value[first] !== undefined
          ? [value[first]]
          : [];
  return children.flatMap((child) => holders(child, rest));
}

/** Whether `path` leads to at least one value in `value`. */
export function present(value: Json, path: string): boolean {
  return holders(value, steps(path)).some(({ parent, key }) => isObject(parent) && parent[key] !== undefined);
}

/** A deep copy of `value` without the field at `path`, wherever it occurs. */
export function without(value: Json, path: string): Json {
  const copy = structuredClone(value);
  for (const { parent, key } of holders(copy, steps(path))) if (isObject(parent)) delete parent[key];
  return copy;
}

/** The list paths (`reviews[]`) of a schema's fields. */
function listPaths(fields: FieldSpec[]): string[] {
  const lists = new Set<string>();
  for (const { path, list } of fields) {
    if (list) lists.add(`${path}[]`);
    const at = path.lastIndexOf('[]');
    if (at >= 0) lists.add(path.slice(0, at + 2));
  }
  return [...lists];
}

/** A deep copy of `value` with a placeholder entry appended to the list at `list` (`a.b[]`), wherever it occurs. */
export function withPlaceholder(value: Json, list: string): Json {
  const copy = structuredClone(value);
  const target = steps(list).slice(0, -1);
  const lists =
    target.length === 0
      ? [copy]
      : holders(copy, target).flatMap(({ parent, key }) => (isObject(parent) ? [parent[key]] : []));
  for (const items of lists)
    if (Array.isArray(items))
      items.push(items.some((i) => isObject(i)) || items.length === 0 ? { __typename: 'Placeholder' } : null);
  return copy;
}

/** A deep copy of `value` with an unknown field in every object, but not in maps (`records`: their paths). */
export function withUnknownFields(value: Json, records: string[] = []): Json {
  const maps = new Set(records);
  const visit = (v: Json, path: string): Json => {
    if (Array.isArray(v)) return v.map((child) => visit(child, `${path}[]`));
    if (!isObject(v)) return v;
    const out: Record<string, Json> = {};
    for (const [k, child] of Object.entries(v))
      out[k] = visit(child, maps.has(path) ? `${path}.*` : path ? `${path}.${k}` : k);
    if (!maps.has(path)) out.addedBySourceLater = { note: 'a field the reader does not know', n: 1 };
    return out;
  };
  return visit(value, '');
}

type Def = { type: string; [key: string]: unknown };
const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;
/** Wrappers that do not change what a value looks like (as tolerant.ts reads through them). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schemas a field at `path` (steps) may be read by, one per shape of every union on the way. */
function schemasAt(schema: z.ZodType, path: Step[]): z.ZodType[] {
  let here = schema;
  for (;;) {
    const def = defOf(here);
    if (WRAPPERS.has(def.type)) here = def.innerType as z.ZodType;
    else if (def.type === 'pipe') here = def.in as z.ZodType;
    else if (def.type === 'lazy') here = (def.getter as () => z.ZodType)();
    else break;
  }
  // The field's own type, under its wrappers: a `.catch()` that would take any value is no type.
  if (path.length === 0) return [here];
  const def = defOf(here);
  const [step, ...rest] = path as [Step, ...Step[]];
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((o) => schemasAt(o, path));
  if (def.type === 'object' && step in (def.shape as object))
    return schemasAt((def.shape as Record<string, z.ZodType>)[step]!, rest);
  if (def.type === 'array' && step === '[]') return schemasAt(def.element as z.ZodType, rest);
  if (def.type === 'record' && step === '*') return schemasAt(def.valueType as z.ZodType, rest);
  return [];
}

/** Values of another type than `value`'s, to try in its place. */
function otherTypes(value: Json): Json[] {
  if (typeof value === 'string') return [7, true];
  if (typeof value === 'number') return ['seven', true];
  if (typeof value === 'boolean') return ['seven', 7];
  return ['seven', 7];
}

/**
 * A deep copy of `value` with the field at `path` given, wherever it occurs, a value of a type that no
 * schema it may be read by takes; undefined when every such type is taken (a field of any type).
 */
export function retyped(value: Json, path: string, schema: z.ZodType): Json | undefined {
  const readers = schemasAt(schema, steps(path));
  if (readers.length === 0) return undefined;
  const copy = structuredClone(value);
  let changed = false;
  for (const { parent, key } of holders(copy, steps(path))) {
    if (!isObject(parent) || parent[key] === undefined || parent[key] === null) continue;
    const wrong = otherTypes(parent[key]).find((v) => readers.every((r) => !z.safeParse(r, v).success));
    if (wrong === undefined) return undefined;
    parent[key] = wrong;
    changed = true;
  }
  return changed ? copy : undefined;
}

export interface Variant {
  /** `removed from one shape`: a field one shape of a union requires and another may lack. */
  kind:
    | 'optional removed'
    | 'required removed'
    | 'removed from one shape'
    | 'wrong type'
    | 'unknown field added'
    | 'placeholder added';
  /** The field or list the variant is about (empty for the unknown-field variant). */
  field: string;
  payload: Json;
}

/**
 * Every variant of `payload` that the tolerant schema `schema` implies, for the fields and lists the
 * payload actually has.
 * @example variants(OffersAnswer, answer).length // 143
 */
export function variants(schema: z.ZodType, payload: Json): Variant[] {
  const reader = readerSchema(schema);
  if (!reader)
    throw new Error('not a tolerant schema: wrap it with tolerant() (shared/extraction/tolerant.ts)');
  const fields = fieldsOf(reader);
  const optional = new Map<string, Set<boolean>>();
  for (const f of fields) optional.set(f.path, (optional.get(f.path) ?? new Set()).add(f.optional));
  const out: Variant[] = [];
  for (const [path, flags] of optional) {
    if (!present(payload, path)) continue;
    const kind =
      flags.size > 1 ? 'removed from one shape' : flags.has(true) ? 'optional removed' : 'required removed';
    out.push({ kind, field: path, payload: without(payload, path) });
    const wrong = retyped(payload, path, reader);
    if (wrong !== undefined) out.push({ kind: 'wrong type', field: path, payload: wrong });
  }
  const records = fields.filter((f) => f.record).map((f) => f.path);
  out.push({ kind: 'unknown field added', field: '', payload: withUnknownFields(payload, records) });
  for (const list of listPaths(fields)) {
    const target = steps(list).slice(0, -1).join('.');
    if (target && !present(payload, target)) continue;
    const placed = withPlaceholder(payload, list);
    // The list is null wherever its holder is: there is no entry to add a placeholder beside.
    if (JSON.stringify(placed) === JSON.stringify(payload)) continue;
    out.push({ kind: 'placeholder added', field: list, payload: placed });
  }
  return out;
}
