// The sandbox world is one coherent, deterministic place built on real cities.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { nightsOf, soldOut, stayPrice } from '../../infra/sandbox/prices.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { worldDigest } from './world-digest.ts';

describe('sandbox world', () => {
  it('is the same in every process', () => {
    const script = new URL('./world-digest.ts', import.meta.url).pathname;
    const run = () =>
      execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', script], { encoding: 'utf8' });
    const [a, b] = [run(), run()];
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
    expect(worldDigest()).toBe(a);
  });

  it('sits on real cities with real coordinates', () => {
    const paris = getWorld().cities.find((c) => c.placeId === 'geonames:2988507');
    expect(paris).toMatchObject({ name: 'Paris', country: 'FR' });
    const hotels = getWorld().hotels.filter((h) => h.city === paris);
    expect(hotels.length).toBeGreaterThan(0);
    for (const h of hotels) expect(Math.abs(h.latitude - paris!.latitude)).toBeLessThan(0.05);
  });

  it('gives every hotel unique ids on every site', () => {
    const { hotels } = getWorld();
    // site_c_geo is the id of the hotel's city on site_c, which its hotels share.
    const sites = [
      'site_a',
      'site_b',
      'site_c',
      'site_d',
      'site_e',
      'site_f',
      'site_h',
      'maps_data_id',
      'maps_place_id',
    ] as const;
    expect(Object.keys(hotels[0]!.ids).sort()).toEqual([...sites, 'site_c_geo'].sort());
    for (const site of sites) {
      expect(new Set(hotels.map((h) => h.ids[site])).size).toBe(hotels.length);
    }
  });

  it('prices respond to nights, occupancy and currency, and some nights sell out', () => {
    const hotel = getWorld().hotels.find(
      (h) => !nightsOf('2027-03-01', '2027-03-08').some((n) => soldOut(h, n)),
    )!;
    const stay = (o: Partial<Parameters<typeof stayPrice>[1]>) =>
      stayPrice(hotel, { checkIn: '2027-03-01', checkOut: '2027-03-03', adults: 2, currency: 'USD', ...o })!;
    expect(stay({ checkOut: '2027-03-05' }).total).toBeGreaterThan(stay({}).total);
    expect(stay({ adults: 4 }).total).toBeGreaterThan(stay({}).total);
    expect(stay({ currency: 'JPY' }).total).toBeGreaterThan(stay({}).total * 100);
    const nights = getWorld()
      .hotels.slice(0, 100)
      .flatMap((h) => nightsOf('2027-01-01', '2027-01-31').map((n) => soldOut(h, n)));
    const share = nights.filter(Boolean).length / nights.length;
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.2);
  });
});
