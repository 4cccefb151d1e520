/**
 * Tolerant readers, one rule for every connector (docs/adding-endpoints.md, "Tolerant readers"):
 * - a field the schema declares optional (`.optional()`, `.nullish()`, `.default()`) may be absent; each
 *   absence is counted as drift, per provider and field path. A `null` is an absence too (JSON's and
 *   GraphQL's way of saying "not shown"): where the schema takes no null, it reads as the field left out;
 * - every list is read entry by entry: a placeholder (`null`, or an object carrying nothing but a
 *   `__typename`) is skipped, and so is an entry that lacks (or holds `null` for) a field its schema
 *   requires (what identifies it); each skipped entry is counted. A list in which no entry is usable is a changed format, not a list
 *   of placeholders: it fails;
 * - a field that is present but of the wrong type fails the whole answer (the route's extraction error),
 *   never a default.
 *
 * `tolerant(provider, schema)` wraps an answer schema; the wrapped schema goes wherever a schema went
 * before (`fetchParsed`, `conform`), and the drift of every successful read reaches the metrics
 * (`FieldsMissing`, `EntriesSkipped`, per provider and field) and one log line per field path.
 */
import * as z from 'zod';
import type { ConnectorToken } from '../tokens.ts';
import { reportDrift, Tally } from './drift.ts';
import { isRecord, valueAt } from './values.ts';
import {
  type AnySchema,
  countedWhenAbsent,
  defOf,
  mayBeAbsent,
  optionalPart,
  unwrap,
} from './schema-shape.ts';

export { fieldsOf, type FieldSpec } from './schema-shape.ts';

// Connectors and tests take the whole rule from this file: what a read counts is in drift.ts.
export { type Drift, observeDrift, recordMissing, recordSkipped } from './drift.ts';

/** Absent, as a source says it: left out, `undefined` or `null`. */
const isAbsent = (value: unknown) => value === undefined || value === null;

/**
 * An entry that stands in for nothing: `null`, or an object with its type name and no other field (an
 * empty object is an entry that lost its fields: read, and skipped as one that lacks what it needs).
 * @example isPlaceholder({ __typename: 'SBUISentinelSection' }) // true
 */
export function isPlaceholder(entry: unknown): boolean {
  if (entry === null || entry === undefined) return true;
  if (typeof entry !== 'object' || Array.isArray(entry)) return false;
  // An empty object is an entry that lost its fields, not one that stands for nothing.
  const keys = Object.keys(entry);
  return keys.length > 0 && keys.every((k) => k === '__typename');
}

/**
 * Whether every issue of a failed check is a required field absent from `value` (for a union: some
 * branch fails only on absent fields), so that the entry lacks what identifies it rather than being wrong.
 */
function onlyAbsences(issues: readonly z.core.$ZodIssue[], value: unknown): boolean {
  const absent = (path: PropertyKey[]) => {
    const parent = valueAt(value, ...path.slice(0, -1));
    return path.length > 0 && isRecord(parent) && isAbsent(parent[path.at(-1) as string]);
  };
  // A union field that is absent fails each branch at the field itself (empty paths): still an absence.
  return issues.every(
    (issue) =>
      absent(issue.path) ||
      (issue.code === 'invalid_union' &&
        issue.errors.some(
          (branch) => branch.length > 0 && onlyAbsences(branch, valueAt(value, ...issue.path)),
        )),
  );
}

/**
 * Whether `value` fails `schema` only for want of required fields; for a union, whether it does so for
 * one of its shapes (a union reports the issues of the shape that came closest, not of every shape).
 */
function lacksIdentity(schema: AnySchema, value: unknown): boolean {
  const checked = z.safeParse(schema, value);
  if (checked.success) return false;
  const def = defOf(unwrap(schema));
  if (def.type === 'union') return (def.options as AnySchema[]).some((o) => lacksIdentity(o, value));
  return onlyAbsences(checked.error.issues, value);
}

/**
 * `value` with the skippable entries of its lists left out, tallying absent optional fields and skipped
 * entries under `path`. Values the schema does not describe are returned as they are.
 */
function prune(schema: AnySchema, value: unknown, path: string, tally: Tally): unknown {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object' && isRecord(value)) {
    const out: Record<string, unknown> = { ...value };
    for (const [key, field] of Object.entries(def.shape as Record<string, AnySchema>)) {
      const here = path ? `${path}.${key}` : key;
      if (value[key] === undefined) {
        if (countedWhenAbsent(field)) tally.add('missing', here);
      } else if (value[key] === null && mayBeAbsent(field) && !z.safeParse(field, null).success) {
        // A null where the schema takes none but lets the field be left out: read as left out.
        delete out[key];
        tally.add('missing', here);
      } else out[key] = prune(field, value[key], here, tally);
    }
    return out;
  }
  if (def.type === 'array' && Array.isArray(value))
    return pruneList(def.element as AnySchema, value, path, tally);
  if (def.type === 'record' && isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      out[key] = prune(def.valueType as AnySchema, v, `${path}.*`, tally);
    return out;
  }
  if (def.type === 'union') {
    // The first option the value reads as once pruned by it (its lists may hold placeholders).
    for (const option of def.options as AnySchema[]) {
      const own = new Tally();
      const pruned = prune(option, value, path, own);
      if (z.safeParse(option, pruned).success) {
        tally.merge(own);
        return pruned;
      }
    }
    return value;
  }
  return value;
}

/**
 * `value` without the optional parts that lack a field they require (left out or null), each counted as
 * missing: a price without its amount, coordinates without a latitude. Undefined when what is missing is
 * not inside an optional part (the record's own identity), or when a field is present but wrong.
 */
function withoutBrokenParts(schema: AnySchema, value: unknown, path: string, tally: Tally): unknown {
  let current = value;
  for (let round = 0; round < 8; round += 1) {
    const checked = z.safeParse(schema, current);
    if (checked.success) return current;
    for (const issue of closest(checked.error.issues)) {
      if (!isAbsent(valueAt(current, ...issue.path))) return undefined;
      const part = optionalPart(schema, issue.path);
      if (!part) return undefined;
      current = without(current, part);
      tally.add('missing', part.reduce(fieldPath, path));
    }
  }
  return undefined;
}

/** Joins a drift field path: `hits[]` then `gps` is `hits[].gps`; a list index reads as `[]`. */
const fieldPath = (at: string, step: PropertyKey): string =>
  typeof step === 'number' ? `${at}[]` : at === '' ? String(step) : `${at}.${String(step)}`;

/** `value` with the field at `path` left out, every object on the way copied (the answer is never edited). */
function without(value: unknown, path: readonly PropertyKey[]): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return value;
  const [step, ...rest] = path as [PropertyKey, ...PropertyKey[]];
  const copy: Record<PropertyKey, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  if (rest.length === 0) delete (copy as Record<PropertyKey, unknown>)[step];
  else
    (copy as Record<PropertyKey, unknown>)[step] = without(
      (value as Record<PropertyKey, unknown>)[step],
      rest,
    );
  return copy;
}

/** A list entry by entry: placeholders and unusable entries out, unless no entry is usable. */
function pruneList(element: AnySchema, items: unknown[], path: string, tally: Tally): unknown[] {
  const here = `${path}[]`;
  const kept: unknown[] = [];
  const candidates: unknown[] = [];
  let skipped = 0;
  const entries = new Tally();
  for (const item of items) {
    if (isPlaceholder(item)) {
      skipped += 1;
      continue;
    }
    const own = new Tally();
    const pruned = prune(element, item, here, own);
    candidates.push(pruned);
    // An entry that lacks only parts of optional parts keeps its identity: those parts read as absent.
    const usable = lacksIdentity(element, pruned) ? withoutBrokenParts(element, pruned, here, own) : pruned;
    if (usable === undefined) {
      skipped += 1;
      continue;
    }
    // A wrong-typed field stays in the list, so that the answer's own check fails on it.
    kept.push(usable);
    entries.merge(own);
  }
  // Entries that all lack what identifies them: the source changed, and the check names what is missing.
  if (kept.length === 0 && candidates.length > 0) return candidates;
  tally.merge(entries);
  if (skipped) tally.add('skipped', here, skipped);
  return kept;
}

/**
 * How far an option of a union is from the value: its issue count, and an option that only refused the
 * value as a whole (a shape's own refusal: another shape's keys) farthest, so that the shape the value
 * has names the field that broke.
 */
const distance = (issues: readonly z.core.$ZodIssue[]): number =>
  issues.every((i) => i.path.length === 0 && i.code === 'custom') ? Infinity : issues.length;

/** Issues as a reader can act on them: a failed union by its closest option's own issues, with full paths. */
function closest(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const best = issue.errors.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    return closest(best).map((i) => ({ ...i, path: [...issue.path, ...i.path] }));
  });
}

const inner = new WeakMap<AnySchema, AnySchema>();

/**
 * `schema` read by the tolerant rule (this file's header), with the drift of every successful read
 * recorded for `provider`. Use it for a source's answer (or the part of it a connector reads); the
 * result goes to `fetchParsed` or `conform` like any schema, and a failure is their extraction error.
 * @example export const OffersAnswer = tolerant('chain_a', z.looseObject({ hotels: z.array(Hotel) }), 'the offers');
 */
export function tolerant<S extends z.ZodType>(provider: ConnectorToken, schema: S, what = 'the answer') {
  const read = z.unknown().transform((value, ctx): z.output<S> => {
    const tally = new Tally();
    const whole = prune(schema, value, '', tally);
    const pruned = z.safeParse(schema, whole).success
      ? whole
      : (withoutBrokenParts(schema, whole, '', tally) ?? whole);
    const result = schema.safeParse(pruned);
    if (!result.success) {
      for (const issue of closest(result.error.issues))
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: value });
      return z.NEVER;
    }
    reportDrift(provider, what, tally);
    return result.data;
  });
  inner.set(read, schema);
  return read;
}

/**
 * The schema a tolerant schema reads by (for tests that derive their cases from it), or undefined.
 * @example readerSchema(OffersAnswer) // the z.looseObject({ hotels: … }) it wraps
 */
export function readerSchema(schema: z.ZodType): z.ZodType | undefined {
  const own = inner.get(schema);
  if (own) return own as z.ZodType;
  // A tolerant schema behind a preprocessing step (z.preprocess is a pipe into it).
  const def = defOf(schema);
  return def.type === 'pipe' ? readerSchema(def.out as z.ZodType) : undefined;
}
