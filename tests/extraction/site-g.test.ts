// site_g's extractor, classification and request on keyword search answers in the real format (written
// fresh, invented places), and on the sandbox's answers.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { keywordResults } from '../../infra/sandbox/sites/site-g.ts';
import {
  classify,
  describeCandidates,
  KeywordSearchAnswer,
  placesIn,
  toSuggestion,
} from '../../shared/providers/site-g/extract.ts';
import { keywordSearchRequest } from '../../shared/providers/site-g/requests.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { withDrift } from '../helpers/fixtures.ts';

const answer = (name: string) =>
  KeywordSearchAnswer.parse(
    JSON.parse(readFileSync(new URL(`../fixtures/site-g/${name}.json`, import.meta.url), 'utf8')),
  );
const providers = (operations: Record<string, string> = {}): Providers => ({
  site_g: {
    baseUrl: 'http://127.0.0.1:9/site_g',
    hosts: ['hotels.site-g.test', 'www.site-g.test'],
    operations,
  },
});

beforeAll(() => useProviders(providers()));
afterAll(() => useProviders({}));

describe('keyword search answer', () => {
  it('reads cities and regions with their ids, names and parents, and skips hotels and landmarks', () => {
    const places = placesIn(answer('keyword-same-name'));
    expect(places.map((p) => [p.resultType, p.id])).toEqual([
      ['CT', 612],
      ['CT', 688],
      ['D', 20417],
    ]);
    expect(places[0]).toMatchObject({
      name: '青澜',
      name_en: 'Qinglan',
      province: '东岚省',
      province_en: 'Donglan',
      provinceId: 41,
      country: '中国',
      country_en: 'China',
    });
    expect(places[2]!.parent).toMatchObject({ resultType: 'CT', id: 655, name: '石渡' });
  });

  it('answers Ack Failure as the source failing, never as no city', () => {
    expect(() => placesIn(answer('keyword-failure'), 200)).toThrow(UpstreamError);
    expect(() => placesIn(answer('keyword-failure'))).toThrow(/Ack Failure \(keyWord is required\)/);
  });

  it.each([
    ['a result without a type', { resultType: '', code: 1 }],
    ['a city with a drifted id', { resultType: 'CT', code: 1, city: { geoCode: -1_000_001 } }],
  ])('fails %s', (_case, result) => {
    const drifted = { ...answer('keyword-empty'), keyWordSearchResults: [result] };
    expect(() => placesIn(conform('site_g', KeywordSearchAnswer, drifted, 'the answer'))).toThrow(
      ExtractionError,
    );
  });

  it('reads a city result without its city object by its code and word, and skips and counts a city or region without a positive id', () => {
    // Act
    const { value: places, drift } = withDrift(() => placesIn(answer('keyword-partial')));
    // Assess: the rest of the answer is still read (research §6: city_id is city.geoCode, or code for CT)
    expect(places.map((p) => [p.resultType, p.id])).toEqual([
      ['CT', 733],
      ['Z', 9120],
    ]);
    expect(places[0]).toMatchObject({
      name: '梧汀',
      name_en: null,
      province: '南岐省',
      provinceId: 52,
      country_en: 'China',
      words: ['梧汀'],
    });
    expect(drift).toContainEqual({
      provider: 'site_g',
      kind: 'skipped',
      field: 'keyWordSearchResults[]',
      count: 3,
    });
    expect(classify(places, '梧汀')).toMatchObject({ kind: 'city', city: { id: 733 } });
    expect(toSuggestion(places[0]!)).toMatchObject({ city_id: 733, name: '梧汀', name_en: null });
  });

  it('fails an answer with neither results nor a ResponseStatus (a renamed envelope)', () => {
    expect(KeywordSearchAnswer.safeParse({ v2_keyWordSearchResults: [] }).success).toBe(false);
  });

  it('reads results without a ResponseStatus, skipping a placeholder result', () => {
    // Act
    const places = placesIn(answer('keyword-no-status'));
    // Assess
    expect(places.map((p) => p.id)).toEqual(placesIn(answer('keyword-same-name')).map((p) => p.id));
  });
});

describe('classification', () => {
  it('finds two cities of one romanised name ambiguous, told apart by province', () => {
    const found = classify(placesIn(answer('keyword-same-name')), 'Qinglan');
    expect(found.kind).toBe('ambiguous');
    if (found.kind !== 'ambiguous') return;
    expect(found.cities.map((c) => c.id)).toEqual([612, 688]);
    expect(describeCandidates(found.cities)).toBe('Qinglan, Donglan, China; Qinglan, Xilan, China');
  });

  it('resolves the Chinese name to the one city that has it', () => {
    const found = classify(placesIn(answer('keyword-same-name')), '清澜市');
    expect(found).toMatchObject({ kind: 'city', city: { id: 688 } });
  });

  it("gives a province with its cities from the same answer (no second call), not another province's", () => {
    const found = classify(placesIn(answer('keyword-province')), 'Donglan');
    expect(found.kind).toBe('region');
    if (found.kind !== 'region') return;
    expect(found).toMatchObject({ type: 'province', region: { id: 41, name: '东岚省', name_en: 'Donglan' } });
    expect(found.cities.map((c) => c.id)).toEqual([612, 615]);
  });

  it('gives a district with the city it lies in', () => {
    const found = classify(placesIn(answer('keyword-same-name')), '庆兰区');
    expect(found).toMatchObject({ kind: 'region', type: 'district', cities: [{ id: 655, name: '石渡' }] });
  });

  it('rules places out by country, in English or localized', () => {
    const places = placesIn(answer('keyword-abroad'));
    expect(classify(places, 'Velmora', 'ostland')).toMatchObject({ kind: 'city', city: { id: 1207 } });
    expect(classify(places, 'Velmora', '奥斯特兰')).toMatchObject({ kind: 'city', city: { id: 1207 } });
    expect(classify(places, 'Velmora', 'China')).toEqual({ kind: 'none' });
    expect(classify(placesIn(answer('keyword-empty')), 'Velmora')).toEqual({ kind: 'none' });
  });

  it('never says "no such city" when the results cannot be read: a lost country is an extraction error', () => {
    // Prepare: the same answer with every place's country left out (a partial drift)
    const places = placesIn(answer('keyword-abroad'));
    const noCountry = places.map((p) => ({ ...p, country: null, country_en: null }));
    // Act / Assess
    expect(() => classify(noCountry, 'Velmora', 'Ostland')).toThrow(ExtractionError);
    expect(classify(places, 'Velmora', 'China')).toEqual({ kind: 'none' });
  });

  it('builds the suggestion and its search_url on the configured public host', () => {
    const [city] = placesIn(answer('keyword-abroad'));
    expect(toSuggestion(city!)).toEqual({
      city_id: 1207,
      name: 'Velmora',
      name_en: 'Velmora',
      display_name: 'Velmora, 奥斯特兰',
      province: null,
      country: '奥斯特兰',
      type: 'international_city',
      search_url: 'https://hotels.site-g.test/hotels/list?city=1207',
    });
    expect(toSuggestion(placesIn(answer('keyword-same-name'))[0]!).type).toBe('domestic_city');
  });
});

describe('a city result the source shows in part', () => {
  const raw = () =>
    JSON.parse(readFileSync(new URL('../fixtures/site-g/keyword-abroad.json', import.meta.url), 'utf8')) as {
      keyWordSearchResults: Record<string, unknown>[];
    };

  it('has type null, not international_city, when the result shows no country', () => {
    // Prepare
    const data = raw();
    data.keyWordSearchResults[0]!.country = null;
    // Act
    const suggestion = toSuggestion(placesIn(KeywordSearchAnswer.parse(data))[0]!);
    // Assess
    expect(suggestion).toMatchObject({ city_id: 1207, country: null, type: null, display_name: 'Velmora' });
  });

  it.each(['中国', '中國'])(
    'reads a country shown only as %s (a Chinese locale) as China: domestic_city',
    (name) => {
      // Prepare
      const data = raw();
      data.keyWordSearchResults[0]!.country = { geoCode: 1, currentLocaleName: name };
      // Act, Assess
      expect(toSuggestion(placesIn(KeywordSearchAnswer.parse(data))[0]!).type).toBe('domestic_city');
    },
  );

  it('keeps a city without any name by its id, its display_name null (never an empty label)', () => {
    // Prepare: the city's names gone, its province and country still shown
    const data = raw();
    data.keyWordSearchResults[0]!.city = { geoCode: 1207 };
    data.keyWordSearchResults[0]!.province = { geoCode: 88, currentLocaleName: 'Nordmark' };
    // Act
    const suggestion = toSuggestion(placesIn(KeywordSearchAnswer.parse(data))[0]!);
    // Assess: not "Nordmark, 奥斯特兰", which reads as the province
    expect(suggestion).toEqual({
      city_id: 1207,
      name: null,
      name_en: null,
      display_name: null,
      province: 'Nordmark',
      country: '奥斯特兰',
      type: 'international_city',
      search_url: 'https://hotels.site-g.test/hotels/list?city=1207',
    });
  });
});

describe('keyword search request', () => {
  it('posts the real body with a head of locale, currency and trace ids, and caches by keyword', () => {
    const one = keywordSearchRequest('Qinglan');
    const two = keywordSearchRequest('Qinglan');
    expect(one).toMatchObject({
      origin: 'api',
      method: 'POST',
      path: '/htls/getKeyWordSearch',
      safe: true,
      headers: { locale: 'zh-CN', currency: 'CNY', referer: 'http://127.0.0.1:9/site_g/hotels' },
      body: {
        json: {
          code: 0,
          codeType: '',
          keyWord: 'Qinglan',
          searchType: 'D',
          scenicCode: 0,
          cityCodeOfUser: 0,
          searchConditions: [
            { type: 'D_PROVINCE', value: 'T' },
            { type: 'SupportNormalSearch', value: 'T' },
            { type: 'DisplayTagIcon', value: 'F' },
          ],
          head: { platform: 'PC', bu: 'ibu', group: 'TRIP', locale: 'zh-CN', currency: 'CNY' },
        },
      },
    });
    expect(one.headers!['x-traceid']).not.toBe(two.headers!['x-traceid']);
    expect(one.cacheKey).toBe(two.cacheKey);
  });

  it('takes locale and currency from configuration', () => {
    useProviders(providers({ locale: 'en-US', currency: 'USD' }));
    expect(keywordSearchRequest('x').body).toMatchObject({
      json: { head: { locale: 'en-US', currency: 'USD' } },
    });
    useProviders(providers());
  });
});

describe('sandbox answers', () => {
  it('number cities with small integers of their own, names in the asked locale', () => {
    const [city] = placesIn(
      KeywordSearchAnswer.parse({
        ResponseStatus: { Ack: 'Success' },
        keyWordSearchResults: keywordResults('上海', true),
      }),
    );
    expect(city).toMatchObject({ resultType: 'CT', name: '上海', name_en: 'Shanghai' });
    expect(city!.id).toBeLessThan(1_000);
    const [english] = keywordResults('Shanghai', false) as { city: { currentLocaleName: string } }[];
    expect(english!.city.currentLocaleName).toBe('Shanghai');
  });

  it('list a province before a district of the same name, then its cities', () => {
    const types = (keywordResults('Hainan', true) as { resultType: string }[]).map((r) => r.resultType);
    expect(types.slice(0, 3)).toEqual(['P', 'CT', 'CT']);
    expect(types).toContain('D');
  });
});
