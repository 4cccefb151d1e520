/**
 * chain_c, a hotel chain with a loyalty programme: a search API by coordinates and stay, paged by
 * offset, sorted by distance or price, with cash and points prices per night, and the property
 * pictures its answers link to.
 */
import { distanceMeters } from '../geo.ts';
import { FX, pointsPerNight, stayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';
import { picture } from './maps.ts';

export const chainC: Site = {
  provider: 'chain_c',
  hosts: ['www.chain-c.test'],
  routes: [
    [
      'GET',
      /^\/api\/search\/properties$/,
      ({ query, base }): SiteResponse => {
        const [lat, lng] = [Number(query.get('latitude')), Number(query.get('longitude'))];
        const currency = (query.get('currency') ?? 'USD').toUpperCase();
        const rooms = Number(query.get('rooms') ?? 1);
        const all = getWorld()
          .hotels.filter((h) => h.chain === 'chain_c' || h.chain === 'chain_a')
          .map((h) => ({ h, d: distanceMeters(lat, lng, h.latitude, h.longitude) }))
          .filter((x) => x.d <= 80_000)
          .map(({ h, d }) => {
            const price = stayPrice(h, {
              checkIn: query.get('checkInDate') ?? '',
              checkOut: query.get('checkOutDate') ?? '',
              adults: Number(query.get('adults') ?? 2),
              rooms,
              currency: FX[currency] ? currency : 'USD',
            });
            return { h, d, price };
          });
        const sort = query.get('sort') ?? 'DISTANCE';
        // By price, unpriced (sold-out) properties last; ties, unpriced ones included, nearest first.
        const price = (x: (typeof all)[number]) => x.price?.perNight ?? Infinity;
        all.sort((a, b) => (sort === 'PRICE' && price(a) !== price(b) ? price(a) - price(b) : a.d - b.d));
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 20);
        return {
          status: 200,
          json: {
            totalCount: all.length,
            properties: all.slice(offset, offset + limit).map(({ h, d, price }) => ({
              code: `MC${h.ids.site_c}`,
              name: h.chain === 'chain_c' ? h.name : `${h.name} (partner)`,
              brand:
                h.chain === 'chain_c'
                  ? { id: h.brand!.code, name: h.brand!.name }
                  : { id: 'PR', name: 'Partner Resorts' },
              coordinates: { lat: h.latitude, lng: h.longitude },
              summary: `${h.stars}-star stay in ${h.city.name}.`,
              reviews: {
                score: Math.round((3.5 + (hash(`c:${h.key}`) % 15) / 10) * 10) / 10,
                total: 20 + (hash(`ct:${h.key}`) % 2000),
              },
              heroImage: `${base}/images/${h.key}.jpg`,
              detailsUrl: `https://www.chain-c.test/hotels/${h.slug}`,
              available: price !== null,
              rate: price && {
                nightly: price.perNight,
                total: price.total,
                taxes: Math.round(price.taxes * 0.8 * 100) / 100,
                fees: Math.round(price.taxes * 0.2 * 100) / 100,
                currency: price.currency,
                pointsNightly: pointsPerNight(price.perNight / (FX[price.currency] ?? 1)),
              },
              distanceMeters: Math.round(d * 10) / 10,
            })),
          },
        };
      },
    ],
    ['GET', /^\/images\/h\d+\.jpg$/, ({ path }) => picture(path)],
  ],
};
