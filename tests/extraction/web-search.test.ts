// web_search's request builder and extractor, and the SERP API envelope shared with the maps connectors,
// on fixtures in the real format (written fresh, invented values, engine and hosts named by token).
import { describe, expect, it } from '@jest/globals';
import { extractResults, SearchAnswer } from '../../shared/providers/web-search/extract.ts';
import { searchRequest } from '../../shared/providers/web-search/requests.ts';
import { outOfSearches, serpFailure } from '../../shared/providers/serp/index.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { UpstreamError, UpstreamUnavailableError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string): unknown => fixtureJson('web-search', name);

describe('web search request', () => {
  it('asks the configured engine for the query, with nothing else the source would not need', () => {
    // Act
    const req = searchRequest('Lindenhof Garden Hotel site:www.site-a.test', 'search');
    // Assess
    expect(req).toMatchObject({
      provider: 'web_search',
      path: '/search.json',
      expect: 'json',
      cache: 'search',
    });
    expect(req.query).toEqual({ engine: 'search', q: 'Lindenhof Garden Hotel site:www.site-a.test' });
  });
});

describe('web search answer', () => {
  it('reads position, title, link and snippet of every organic result, ignoring the other features', () => {
    // Prepare
    const answer = SearchAnswer.parse(fixture('results.json'));
    // Act
    const results = extractResults(answer);
    // Assess
    expect(serpFailure('web_search', 200, answer)).toBeUndefined();
    expect(results).toHaveLength(8);
    expect(results.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results[0]).toEqual({
      position: 1,
      title: 'Lindenhof Garden Hotel, Weimar - Updated 2030 Prices',
      link: 'https://www.site-a.test/hotel/de/lindenhof-garden-weimar.html',
      snippet:
        'Lindenhof Garden Hotel is a 4-star hotel 600 m from the old town of Weimar, with a garden and free WiFi.',
    });
  });

  it('keeps a result without its position or title (its link identifies it), and counts both as missing', () => {
    // Prepare: the first result without its position, the second without its title
    const raw = fixture('results.json') as { organic_results: Record<string, unknown>[] };
    delete raw.organic_results[0]!.position;
    delete raw.organic_results[1]!.title;
    // Act
    const { value: results, drift } = withDrift(() =>
      extractResults(conform('web_search', SearchAnswer, raw, 'x')),
    );
    // Assess
    expect(results).toHaveLength(8);
    expect(results[0]).toMatchObject({
      title: 'Lindenhof Garden Hotel, Weimar - Updated 2030 Prices',
      link: 'https://www.site-a.test/hotel/de/lindenhof-garden-weimar.html',
    });
    expect(results[0]!.position).toBeUndefined();
    expect(results[1]!.title).toBeUndefined();
    expect(results[1]!.link).toMatch(/^https:\/\//);
    expect(drift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'missing', field: 'organic_results[].position' }),
        expect.objectContaining({ kind: 'missing', field: 'organic_results[].title' }),
      ]),
    );
  });

  it('reads a result without a snippet as one with no snippet, never an empty text', () => {
    // Prepare: the first result of the real-format answer without its snippet keys
    const raw = fixture('results.json') as { organic_results: Record<string, unknown>[] };
    delete raw.organic_results[0]!.snippet;
    delete raw.organic_results[0]!.snippet_highlighted_words;
    // Act
    const results = extractResults(SearchAnswer.parse(raw));
    // Assess: kept, in place, its snippet unknown
    expect(results).toHaveLength(8);
    expect(results[0]!.snippet ?? null).toBeNull();
    expect(results[0]!.link).toBe('https://www.site-a.test/hotel/de/lindenhof-garden-weimar.html');
  });

  it('reads the "Fully empty" state, with its empty-result error, as no results', () => {
    // Prepare
    const answer = SearchAnswer.parse(fixture('empty.json'));
    // Act
    const failure = serpFailure('web_search', 200, answer);
    // Assess
    expect(failure).toBeUndefined();
    expect(extractResults(answer)).toEqual([]);
  });

  it('reads a successful search that shows no organic results, only other features, as no results', () => {
    // Prepare
    const answer = SearchAnswer.parse(fixture('results.json'));
    delete answer.organic_results;
    // Act
    const results = extractResults(answer);
    // Assess
    expect(results).toEqual([]);
  });

  it('fails on an answer that says neither results, nor status, nor an empty state (a changed format)', () => {
    // Prepare
    const changed = { v2_search_metadata: { status: 'Success' }, v2_organic_results: [] };
    // Act and Assess: refused as it loads, so the drifted answer is never kept
    expect(() => conform('web_search', SearchAnswer, changed, 'the search answer', 200)).toThrow(
      ExtractionError,
    );
  });

  it('fails upstream on an error that is not the empty-result text, rather than answering no results', () => {
    // Prepare
    const answer = SearchAnswer.parse({
      search_metadata: { status: 'Success' },
      error: 'Unsupported device.',
    });
    // Act and Assess
    expect(() => extractResults(answer)).toThrow(UpstreamError);
  });
});

describe('SERP API failures', () => {
  it.each([
    ['a search that failed at the source (200, status Error)', 200, 'failed-search.json', undefined],
    ['an account out of searches answered with a 200', 200, 'out-of-searches.json', undefined],
    ['a refused key (401)', 401, 'bad-key.json', 401],
    ['an account that may not search (403)', 403, 'bad-key.json', 403],
    ['a refused parameter (400)', 400, 'bad-key.json', 400],
  ])('makes %s a 502 UPSTREAM_ERROR, not "no results"', (_case, status, file, upstream) => {
    // Act
    const failure = serpFailure('web_search', status, fixture(file));
    // Assess
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ status: 502, errorCode: 'UPSTREAM_ERROR' });
    expect(failure!.extras.upstream_status).toBe(upstream);
  });

  it("names the cause and never repeats the source's message, which names its hosts", () => {
    // Act
    const failure = serpFailure('web_search', 401, fixture('bad-key.json'))!;
    // Assess
    expect(failure.message).toBe('The web_search source failed: the API key was refused (HTTP 401).');
  });

  it('makes a 429 that says the searches have run out a 502, and leaves a throughput 429 a 503', () => {
    // Prepare: the client's mapped 429s, each caused by the HTTP answer it read
    const limited = (body: unknown) =>
      new UpstreamUnavailableError('web_search', 30, 'rate limited', {
        response: { body: JSON.stringify(body) },
      });
    const exhausted = limited(fixture('out-of-searches.json'));
    const throttled = limited({ error: 'Too many requests in the last hour.' });
    // Act
    const outcome = (error: Error) => {
      try {
        outOfSearches('web_search')(error);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    };
    // Assess
    expect(outcome(exhausted)).toMatchObject({ status: 502, extras: { upstream_status: 429 } });
    expect(outcome(throttled)).toBe(throttled);
  });
});
