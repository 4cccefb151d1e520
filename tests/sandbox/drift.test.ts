// The sandbox's contract-drift fault (issue #27): what each mode does to a JSON answer and to a page, that
// the shares of the field names drift every name exactly once, and that `only` limits it to one request.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox, type DriftOptions, type Sandbox } from '../../infra/sandbox/server.ts';

const SEARCH = '/web_search/search.json?engine=search&q=Aurelia+Suites+Paris&api_key=sandbox-serp-key';
const PAGE = '/site_a/hotel/fr/aurelia-suites-paris.html';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

type Json = Record<string, unknown>;
/** The answer to a GET, as JSON, with the fault `drift` (none when undefined). */
async function json(drift?: DriftOptions): Promise<Json> {
  sandbox.clearFaults();
  if (drift) sandbox.inject('web_search', { kind: 'contract-drift', ...drift });
  return (await fetch(`${sandbox.url}${SEARCH}`).then((r) => r.json())) as Json;
}

/** Every field name of a JSON value. */
function names(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) names(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) names(v, into.add(k));
  return into;
}

describe('contract drift', () => {
  it('empties values and keeps keys and types by default', async () => {
    // Act
    const [before, after] = [await json(), await json({})];
    // Assess
    const info = (a: Json) => a.search_information as Json;
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(info(after).query_displayed).toBe('');
    expect(info(after).total_results).toBeLessThan(-1_000_000);
  });

  it('retypes values: a number becomes its text, a text a number', async () => {
    // Act
    const after = await json({ mode: 'retype' });
    // Assess
    const info = after.search_information as Json;
    expect(info.total_results).toBe('9206');
    expect(typeof info.query_displayed).toBe('number');
  });

  it('removes keys, and each share of the names removes some of them, the shares together all', async () => {
    // Prepare
    const all = names(await json());
    // Act
    const removed: string[][] = [];
    for (const seed of [0, 1, 2]) {
      const left = names(await json({ mode: 'remove', share: { seed, of: 3 } }));
      removed.push([...all].filter((n) => !left.has(n)));
    }
    // Assess
    expect(Object.keys(await json({ mode: 'remove' }))).toEqual([]);
    expect(removed.every((part) => part.length > 0)).toBe(true);
    expect(new Set(removed.flat())).toEqual(all);
  });

  it('drifts only the request it is limited to', async () => {
    // Prepare
    sandbox.clearFaults();
    sandbox.inject('web_search', { kind: 'contract-drift', only: { path: '/elsewhere.json' } });
    // Act
    const untouched = (await fetch(`${sandbox.url}${SEARCH}`).then((r) => r.json())) as Json;
    // Assess
    expect((untouched.search_information as Json).query_displayed).toBe('Aurelia Suites Paris');
  });

  it("reaches a page's script values and markup values, and leaves its tags alone", async () => {
    // Prepare
    sandbox.clearFaults();
    sandbox.inject('site_a', { kind: 'contract-drift' });
    // Act
    const page = await fetch(`${sandbox.url}${PAGE}`).then((r) => r.text());
    // Assess
    expect(page).toContain(`b_hotel_id: ""`);
    expect(page).toContain('<input type="hidden" name="hotel_id" value="">');
    // The hotel's id is stated nowhere any more (ids of its rooms in a literal list have no key to drift).
    expect(page).not.toMatch(/['"]1007790['"]/);
    expect(page).toContain('<input type="hidden" name="hotel_id"');
  });
});
