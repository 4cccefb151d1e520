// The fault matrix's drift column (issue #27, "Never a business fact from an unreadable field"): for every
// route that calls upstream, every request it makes of each of its sources is drifted in turn (the answer
// keeps its keys with emptied or wrong-typed values, or loses keys), each way on every field name at once
// and on each share of the names (so that a field drifts while the fields that identify its record still
// read). Each drifted call must give either one of the route's documented errors, or a 200 whose data is
// the undrifted answer's except where the drift made a field absent: there the contract's null or empty
// value, with the drift counted for the source. An emptied text the source sent is its own word (''); a
// text composed from fields the drift made absent (an address without its city) may differ, the drift
// counted; a count may be lower (never 0) where entries were left out, the drift counted. Anything else
// that differs (a status or other code, a count, a flag, a price, a coordinate) is a fact the source did
// not state. Fields that differ between two undrifted answers (a page token stamped with the time) are
// not compared. The routes of different sources run side by side, in lock step (one drifted call of each at
// once, the upstream reset between them), before the tests; each test assesses its route's column.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DRIFT_MODES, type DriftOptions } from '../../infra/sandbox/server.ts';
import { isBilled } from '../../shared/http/daily-quota-billing.ts';
import { routeList, type Route } from '../../shared/routes/index.ts';
import { observeDrift } from '../../shared/extraction/tolerant.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { inLockStep, lanes, picked, type Step } from '../helpers/matrix.ts';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

/** Each drift mode runs on every field name, then on each of this many shares of the names. */
const SHARES = 7;

let api: TestServer;
beforeAll(async () => {
  // No fault here is slow: a generous deadline keeps a loaded machine's cold start from answering 504.
  api = await startTestServer({ budgetMs: 10_000 });
});
afterAll(() => api.close());

const upstreamRoutes = routeList.filter((r) => r.upstream?.length);

/**
 * Fields a route derives, by the source's own documented rule, from another field's absence, with that
 * rule: a difference there (the drift removed the field the rule reads) is the rule, not a guess. Keyed
 * by route path, then by the field path with list positions as `[]`.
 */
const ABSENCE_RULES: Record<string, Record<string, string>> = {
  '/v1/maps_reviews/reviews': {
    has_more: 'the reviews engine gives no next_page_token on the last page',
  },
  '/v1/maps_reviews/reviews-paginated': {
    has_more: 'the reviews engine gives no next_page_token on the last page',
  },
  '/v1/maps_reviews/search-and-review': {
    has_more: 'the reviews engine gives no next_page_token on the last page',
  },
  '/v1/dining/search': {
    'restaurants[].features.online_ordering':
      'a null order link is no online ordering (the GraphQL state sends null where a restaurant has none)',
  },
  '/v1/maps_hotels/photos': {
    total:
      'the engine leaves out a list it has nothing for: details without images are a hotel without photos',
  },
  '/v1/site_b/hotel/reviews-from-url': {
    'reviews[].owner_response.published_date':
      'a reply without responseDate is dated by its formattedResponseDate (the day, at midnight UTC)',
  },
  '/v1/site_b/hotel/reviews/{hotel_id}': {
    'reviews[].owner_response.published_date':
      'a reply without responseDate is dated by its formattedResponseDate (the day, at midnight UTC)',
  },
  '/v1/chain_c/loyalty/rooms': {
    'room_types[].rates[].rate_plan_code': 'a product without its rate plan is named by its product id',
  },
};
/** The error code of a Problem or global error body. */
const codeOf = (body: unknown): string | undefined =>
  (body as { error_code?: string }).error_code ?? (body as { error?: { code?: string } }).error?.code;

/**
 * Negatives a route gives, by the source's own documented rule, from an answer the drift made look like
 * one: the rule, not a guess. Keyed by route path, then by the error code.
 */
const NEGATIVE_RULES: Record<string, Record<string, string>> = {
  '/v1/maps_hotels/search': {
    NO_RESULTS:
      'the service lists a sold-out property without any price; a list none of whose properties is priced is no hotel for the stay',
  },
};

/** A reported difference (`path: …`) with list positions as `[]`, for ABSENCE_RULES. */
const ruleKey = (difference: string) => difference.split(':')[0]!.replace(/\[\d+\]/g, '[]');

/** What makes a difference between the undrifted and the drifted answer. */
interface Differences {
  /** Fields the drifted answer has as null or empty (or with fewer entries) where the baseline had data. */
  absent: string[];
  /** Counts lower than the baseline's (never zero), where entries were left out. */
  fewer: string[];
  /** Texts the source sent emptied: its own word, shown as it is. */
  emptied: string[];
  /** Texts (not codes) that changed: composed from fields the drift made absent. */
  texts: string[];
  /** Everything else: a value the source did not state. */
  wrong: string[];
}

/** A code (`AVAILABLE`, `EUR`, `FREE_CANCELLATION`), an ISO date or a number as text: a fact, never a mere text. */
const CODE = /^[A-Z][A-Z0-9_]*$|^\d{4}-\d{2}-\d{2}|^-?\d+(\.\d+)?$/;
const show = (v: unknown) => JSON.stringify(v)?.slice(0, 120);
const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && Object.keys(v).length === 0);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * How `drifted` differs from `base`, field by field. A list with fewer entries is read entry by entry
 * against the baseline's, in order (the entries left out are absent ones).
 */
function differences(
  base: unknown,
  drifted: unknown,
  path = '',
  out: Differences = emptyDiff(),
): Differences {
  if (JSON.stringify(base) === JSON.stringify(drifted)) return out;
  if (drifted === '' && typeof base === 'string') out.emptied.push(path);
  else if (isEmpty(drifted)) out.absent.push(path);
  else if (Array.isArray(base) && Array.isArray(drifted)) {
    if (drifted.length > base.length)
      out.wrong.push(`${path}: ${drifted.length} entries, not ${base.length}`);
    else if (drifted.length === base.length)
      drifted.forEach((d, i) => differences(base[i], d, `${path}[${i}]`, out));
    else {
      out.absent.push(`${path}[] (${base.length - drifted.length} fewer)`);
      let from = 0;
      for (const [i, entry] of drifted.entries()) {
        let matched: Differences | undefined;
        while (!matched && from < base.length) {
          const trial = differences(base[from++], entry, `${path}[${i}]`);
          if (trial.wrong.length === 0) matched = trial;
        }
        if (!matched) out.wrong.push(`${path}[${i}]: ${show(entry)} stands for no entry of the baseline`);
        else merge(out, matched);
      }
    }
  } else if (isRecord(base) && isRecord(drifted)) {
    for (const key of new Set([...Object.keys(base), ...Object.keys(drifted)]))
      differences(base[key], drifted[key], path ? `${path}.${key}` : key, out);
  } else if (typeof base === 'number' && typeof drifted === 'number' && drifted > 0 && drifted < base)
    out.fewer.push(`${path}: ${base} -> ${drifted}`);
  else if (typeof base === 'string' && typeof drifted === 'string' && !CODE.test(base) && !CODE.test(drifted))
    out.texts.push(`${path}: ${show(base)} -> ${show(drifted)}`);
  else out.wrong.push(`${path}: ${show(base)} -> ${show(drifted)}`);
  return out;
}
function emptyDiff(): Differences {
  return { absent: [], fewer: [], emptied: [], texts: [], wrong: [] };
}
function merge(into: Differences, from: Differences) {
  into.absent.push(...from.absent);
  into.fewer.push(...from.fewer);
  into.emptied.push(...from.emptied);
  into.texts.push(...from.texts);
  into.wrong.push(...from.wrong);
}

/** `body` without the fields that differ between `one` and `other`, two undrifted answers. */
function steady(body: unknown, one: unknown, other: unknown): unknown {
  if (JSON.stringify(one) === JSON.stringify(other)) return body;
  if (isRecord(body) && isRecord(one) && isRecord(other))
    return Object.fromEntries(
      Object.entries(body).flatMap(([k, v]) =>
        k in one &&
        k in other &&
        JSON.stringify(one[k]) !== JSON.stringify(other[k]) &&
        !isRecord(one[k]) &&
        !Array.isArray(one[k])
          ? []
          : [[k, steady(v, one[k], other[k])]],
      ),
    );
  if (Array.isArray(body) && Array.isArray(one) && Array.isArray(other) && one.length === other.length)
    return body.map((v, i) => steady(v, one[i], other[i]));
  return body;
}

/** The requests a route makes of a source, as a drift fault picks one out: its path, and its operation. */
function requestsOf(provider: string): NonNullable<DriftOptions['only']>[] {
  const seen = new Map<string, NonNullable<DriftOptions['only']>>();
  for (const r of api.sandbox.requests(provider)) {
    const path = r.path.split('?')[0]!;
    const operation = /"operationName":\s*"[^"]+"/.exec(r.body ?? '')?.[0];
    seen.set(`${path} ${operation ?? ''}`, { path, ...(operation ? { body: operation } : {}) });
  }
  return [...seen.values()];
}

const drifts: DriftOptions[] = DRIFT_MODES.flatMap((mode) => [
  { mode },
  ...Array.from({ length: SHARES }, (_, seed) => ({ mode, share: { seed, of: SHARES } })),
]);
const named = (d: DriftOptions) => `${d.mode}${d.share ? ` ${d.share.seed + 1}/${d.share.of}` : ''}`;

type Reply = Awaited<ReturnType<TestServer['get']>>;
type Pair = readonly [name: string, route: Route, provider: string];
/** What drifting a route's source gave, for its test to assess. */
interface Column {
  /** The undrifted answer. */
  first: Reply;
  /** The requests that answer took of the source. */
  requests: number;
  /** Drifted answers the source sent. */
  drifted: number;
  /** Drifted calls whose answer is not the undrifted one: the drift reached what the route reads. */
  reached: number;
  /** What no rule explains, one line a drifted call. */
  found: string[];
}

const pairs: Pair[] = upstreamRoutes.flatMap((r) =>
  r.upstream!.map((p) => [`${r.path} when ${p} drifts`, r, p] as const),
);
const columns = new Map<string, Column>();
const ask = (route: Route) => api.get(route.example, { 'x-api-key': KEYS.enterprise });

/** Drifts every request a route makes of a source, each way, one call a step. */
async function column(step: Step, [, route, provider]: Pair): Promise<Column> {
  // Prepare: the undrifted answer, and the requests it took.
  const [first, requests] = await step(async () => [await ask(route), requestsOf(provider)] as const);
  const second = await step(() => ask(route));
  const baseline = steady(first.body, first.body, second.body);
  const out: Column = { first, requests: requests.length, drifted: 0, reached: 0, found: [] };
  if (first.status !== 200) return out;
  // Act
  for (const only of requests)
    for (const drift of drifts) {
      const label = `${only.path}${only.body ? ` ${only.body}` : ''} ${named(drift)}`;
      const { res, counted, faulted } = await step(async () => {
        api.sandbox.inject(provider, { kind: 'contract-drift', ...drift, only });
        let counted = 0;
        const stop = observeDrift((d) => {
          if (d.provider === provider) counted += d.count;
        });
        const res = await ask(route).finally(stop);
        return { res, counted, faulted: api.sandbox.requests(provider).filter((r) => r.fault).length };
      });
      out.drifted += faulted;
      try {
        expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
      } catch (undocumented) {
        out.found.push(`${label}: ${(undocumented as Error).message}`);
        continue;
      }
      if (res.status >= 400) {
        out.reached++;
        // The undrifted answer is 200: a negative (billed and cached as "does not exist") from a drifted
        // answer is a fact the source did not state. Only its recognisable "not found" may be one.
        const code = codeOf(res.body);
        if (isBilled(route, res.status, code) && !NEGATIVE_RULES[route.path]?.[code ?? ''])
          out.found.push(
            `${label}: answered the negative ${res.status} ${code} for an answer that lost its structure`,
          );
        continue;
      }
      if (res.status !== 200) {
        out.found.push(`${label}: answered ${res.status}`);
        continue;
      }
      const diff = differences(baseline, steady(res.body, first.body, second.body));
      const explained = [...diff.absent, ...diff.fewer, ...diff.texts];
      if (explained.length || diff.emptied.length || diff.wrong.length) out.reached++;
      const rules = ABSENCE_RULES[route.path] ?? {};
      diff.wrong = diff.wrong.filter((d) => !rules[ruleKey(d)]);
      if (diff.wrong.length) out.found.push(`${label}: ${diff.wrong.join('; ')}`);
      else if (explained.length && counted === 0)
        out.found.push(`${label}: ${explained.join(', ')} without any drift counted`);
    }
  return out;
}

describe('fault matrix: drift', () => {
  beforeAll(async () => {
    const chosen = pairs.filter(([name]) => picked(`fault matrix: drift ${name}`));
    await inLockStep(
      lanes(chosen, ([, route, provider]) => [route.path, provider]).map((lane) => async (step) => {
        for (const pair of lane) columns.set(pair[0], await column(step, pair));
      }),
      () => api.resetUpstream(),
    );
  }, 900_000);

  it('covers at least one upstream route', () => {
    expect(upstreamRoutes.length).toBeGreaterThan(0);
  });

  it.each(pairs)(
    '%s: a documented error, or the undrifted answer but for fields the drift made absent',
    (name) => {
      const { first, requests, drifted, reached, found } = columns.get(name)!;
      expect(first.status).toBe(200);
      expect(requests).toBeGreaterThan(0);
      expect(drifted).toBeGreaterThan(0);
      expect(reached).toBeGreaterThan(0);
      expect(found).toEqual([]);
    },
  );
});
