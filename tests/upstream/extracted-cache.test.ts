// What the in-process cache keeps is what was extracted: a hit serves the extraction's own result, the
// page is neither asked for nor read again, and a failed extraction keeps nothing.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { rental } from '../../shared/providers/rental/index.ts';
import { cacheStats, clearCache } from '../../shared/upstream/cache.ts';
import { fetchExtracted, type UpstreamRequest } from '../../shared/upstream/client.ts';
import type { UpstreamContext } from '../../shared/upstream/context.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { configurePolicies } from '../../shared/upstream/policies.ts';
import { day } from '../helpers/dates.ts';
import { useSandbox } from '../helpers/use-sandbox.ts';

const sandbox = useSandbox();
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetLog();
  clearCache();
  configurePolicies();
});

const ctx = (): UpstreamContext => ({ deadline: new Deadline(10_000), served: [] });
const stay = { checkIn: day(40), checkOut: day(43), adults: 2, children: 0, infants: 0, pets: 0 };
const pages = () => sandbox.requests('rental').filter((r) => r.path.startsWith('/rooms/'));
const search = (q: string): UpstreamRequest => ({
  provider: 'web_search',
  path: '/search.json',
  query: { q },
  expect: 'json',
  cache: 'search',
});

describe('rental details from the in-process cache', () => {
  it('serves a hit the very result the miss extracted, without asking for or reading the page again', async () => {
    const first = ctx();
    const miss = await rental.details(first, '40000001', stay);
    expect(miss?.title).toEqual(expect.any(String));
    expect(first.served).toMatchObject([{ hit: false }]);
    const page = pages();
    expect(page).toHaveLength(1);

    const second = ctx();
    const hit = await rental.details(second, '40000001', stay);
    expect(second.served).toMatchObject([{ hit: true }]);
    // The same object: a re-parse of a kept page would build a new one.
    expect(hit).toBe(miss);
    expect(pages()).toHaveLength(1);
    // The cache holds the details, not the page: a small part of the page's size.
    expect(page[0]!.bytes).toBeGreaterThan(100_000);
    expect(cacheStats()).toMatchObject({ entries: 1 });
    expect(cacheStats().bytes).toBeLessThan(page[0]!.bytes / 20);
  });

  it('keeps the overview and the details of one page as two entries', async () => {
    const details = await rental.details(ctx(), '40000001', stay);
    const overview = await rental.overview(ctx(), '40000001');
    expect(details).not.toEqual(overview);
    expect(await rental.overview(ctx(), '40000001')).toBe(overview);
    expect(cacheStats().entries).toBe(2);
  });

  it('keeps nothing when the extraction fails: the next request asks the source and answers', async () => {
    sandbox.inject('rental', { kind: 'layout' }, 1);
    await expect(rental.details(ctx(), '40000001', stay)).rejects.toBeInstanceOf(ExtractionError);
    expect(cacheStats().entries).toBe(0);
    const again = ctx();
    expect((await rental.details(again, '40000001', stay))?.title).toEqual(expect.any(String));
    expect(again.served).toMatchObject([{ hit: false }]);
    expect(pages()).toHaveLength(2);
  });

  it('keeps a listing that is not there as not there (404), without extracting', async () => {
    expect(await rental.details(ctx(), '99999999999', stay)).toBeUndefined();
    const again = ctx();
    expect(await rental.details(again, '99999999999', stay)).toBeUndefined();
    expect(again.served).toMatchObject([{ hit: true }]);
  });
});

describe('fetchExtracted', () => {
  it('extracts once for a miss, its coalesced twins and later hits', async () => {
    let extractions = 0;
    const extract = ({ body }: { body: unknown }) => {
      extractions++;
      return { results: (body as { organic_results?: unknown[] }).organic_results?.length ?? 0 };
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetchExtracted(search('aurelia paris'), ctx(), 'count', extract)),
    );
    const later = await fetchExtracted(search('aurelia paris'), ctx(), 'count', extract);
    expect(extractions).toBe(1);
    expect(sandbox.requests('web_search')).toHaveLength(1);
    for (const answer of answers) expect(answer.body).toBe(answers[0]!.body);
    expect(later).toMatchObject({ hit: true });
    expect(later.body).toBe(answers[0]!.body);
  });

  it('fails every coalesced caller with the extraction error, keeps nothing, and asks again next time', async () => {
    let calls = 0;
    const extract = () => {
      calls++;
      if (calls === 1) throw new ExtractionError('web_search', 'the answer changed');
      return 'read';
    };
    const failed = await Promise.allSettled(
      Array.from({ length: 3 }, () => fetchExtracted(search('x'), ctx(), 'flaky', extract)),
    );
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const next = await fetchExtracted(search('x'), ctx(), 'flaky', extract);
    expect(next).toMatchObject({ body: 'read', hit: false });
    expect(sandbox.requests('web_search')).toHaveLength(2);
  });

  it('names each extraction apart: two readings of one answer are two entries', async () => {
    const a = await fetchExtracted(search('y'), ctx(), 'a', () => 'A');
    const b = await fetchExtracted(search('y'), ctx(), 'b', () => 'B');
    expect([a.body, b.body]).toEqual(['A', 'B']);
    expect(sandbox.requests('web_search')).toHaveLength(2);
  });
});
