/**
 * The sandbox world: one coherent, deterministic set of hotels placed around real cities from the
 * gazetteer. A hotel keeps one identity on every site (ids, slugs, map data_id, chain code), so a
 * hotel found by name anywhere resolves everywhere.
 */
import { topPlaces, type Place } from '../../shared/geo/gazetteer.ts';
import { between, hash, pick, rng, slugify } from './random.ts';

export const CITY_COUNT = 400;
export const HOTELS_PER_CITY = 8;

export type Chain = 'chain_a' | 'chain_b' | 'chain_c';

/** Fictional brands: the sandbox names no real company. */
export const BRANDS: Record<Chain, { code: string; name: string }[]> = {
  chain_a: [
    { code: 'AU', name: 'Aurelia' },
    { code: 'AS', name: 'Aurelia Suites' },
    { code: 'AX', name: 'Aurelia Express' },
  ],
  chain_b: [
    { code: 'NH', name: 'Nordhaven' },
    { code: 'NL', name: 'Nordhaven Lodge' },
  ],
  chain_c: [
    { code: 'MC', name: 'Meridian Crown' },
    { code: 'MG', name: 'Meridian Garden' },
  ],
};
const ADJECTIVES = [
  'Grand',
  'Royal',
  'Little',
  'Old Town',
  'Blue',
  'Golden',
  'Silver',
  'Harbour',
  'Park',
  'Garden',
  'Riverside',
  'Central',
];
const NOUNS = ['Hotel', 'Inn', 'Residence', 'Palace', 'House', 'Suites', 'Lodge', 'Boutique Hotel'];

export interface City extends Place {
  id: string;
  slug: string;
}

export interface Hotel {
  key: string;
  name: string;
  slug: string;
  city: City;
  latitude: number;
  longitude: number;
  stars: number;
  chain?: Chain;
  brand?: { code: string; name: string };
  /** chain_a inventory code (3 to 10 characters) for chain_a hotels. */
  hotelCode?: string;
  ids: {
    site_a: number;
    site_b: number;
    site_c: number;
    site_c_geo: number;
    site_d: number;
    site_e: number;
    site_f: number;
    site_h: number;
    maps_data_id: string;
    maps_place_id: string;
  };
  photoCount: number;
  officialWebsite?: string;
  /** Sites that do not list this hotel (not every hotel is on every site). */
  unlistedOn: ('site_e' | 'site_h')[];
}

export interface World {
  cities: City[];
  hotels: Hotel[];
  bySiteA: Map<number, Hotel>;
  bySiteB: Map<number, Hotel>;
}

let world: World | undefined;

function makeHotel(city: City, cityIndex: number, n: number, taken: Set<string>): Hotel {
  const r = rng(`hotel:${city.placeId}:${n}`);
  const i = cityIndex * HOTELS_PER_CITY + n;
  const chain: Chain | undefined = n < 3 ? (['chain_a', 'chain_b', 'chain_c'] as const)[n] : undefined;
  const brand = chain ? pick(r, BRANDS[chain]) : undefined;
  let name = brand ? `${brand.name} ${city.name}` : `${pick(r, ADJECTIVES)} ${pick(r, NOUNS)} ${city.name}`;
  while (taken.has(name)) name = `${pick(r, ADJECTIVES)} ${pick(r, NOUNS)} ${city.name}`;
  taken.add(name);
  const h = hash(`${city.placeId}:${n}`);
  return {
    key: `h${i}`,
    name,
    slug: slugify(name),
    city,
    latitude: Math.round((city.latitude + (r() - 0.5) * 0.05) * 1e6) / 1e6,
    longitude: Math.round((city.longitude + (r() - 0.5) * 0.05) * 1e6) / 1e6,
    stars: chain === 'chain_a' ? between(r, 4, 5) : between(r, 2, 5),
    chain,
    brand,
    hotelCode:
      chain === 'chain_a'
        ? `${brand!.code}${city.slug.replace(/-/g, '').slice(0, 3).toUpperCase()}${n}`
        : undefined,
    ids: {
      site_a: 1_000_000 + i * 7 + (h % 7),
      site_b: 200_000 + i * 11 + (h % 11),
      site_c: 300_000 + i * 13 + (h % 13),
      site_c_geo: 180_000 + cityIndex * 3,
      site_d: 4_000_000 + i * 17 + (h % 17),
      site_e: 5_000_000 + i * 19 + (h % 19),
      site_f: 6_000_000 + i * 23 + (h % 23),
      site_h: 7_000_000 + i * 29 + (h % 29),
      maps_data_id: `0x${(0x47e66e0000000000n + BigInt(h) * 4099n).toString(16)}:0x${(0x8a0000000000000n + BigInt(i) * 7919n).toString(16)}`,
      // Whole, not cut: a cut dropped the hotel number and gave a city's hotels one place_id.
      maps_place_id: `ChIJ${Buffer.from(`${city.placeId}:${n}`).toString('base64url')}`,
    },
    photoCount: between(r, 6, 24),
    officialWebsite: chain
      ? undefined
      : r() < 0.5
        ? `https://www.${slugify(name).slice(0, 40)}.example`
        : undefined,
    unlistedOn: !chain && h % 5 === 0 ? ['site_e', 'site_h'] : [],
  };
}

/** The world, built once per process from the gazetteer. */
export function getWorld(): World {
  if (world) return world;
  const cities = topPlaces('locality', CITY_COUNT).map((p) => ({
    ...p,
    id: p.placeId,
    slug: slugify(p.name),
  }));
  const hotels = cities.flatMap((city, ci) => {
    const taken = new Set<string>();
    return Array.from({ length: HOTELS_PER_CITY }, (_, n) => makeHotel(city, ci, n, taken));
  });
  world = {
    cities,
    hotels,
    bySiteA: new Map(hotels.map((h) => [h.ids.site_a, h])),
    bySiteB: new Map(hotels.map((h) => [h.ids.site_b, h])),
  };
  return world;
}
