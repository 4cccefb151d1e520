/**
 * chain_b, a hotel chain group: a geo search API by coordinates or destination slug, answering
 * its own hotels and partner properties (some without a guest score), priced per stay and market.
 */
import { distanceMeters } from '../geo.ts';
import { FX, stayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

const AMENITIES = ['WIFI', 'PARKING', 'POOL', 'FITNESS', 'RESTAURANT', 'BAR', 'SPA', 'PETS'];

export const destinationSlug = (h: Hotel) => `${h.city.slug}-${h.city.country.toLowerCase()}`;

function offer(h: Hotel, q: URLSearchParams) {
  const currency = (q.get('currency') ?? 'USD').toUpperCase();
  const market = q.get('market') ?? 'US';
  const price = stayPrice(h, {
    checkIn: q.get('checkin') ?? '',
    checkOut: q.get('checkout') ?? '',
    adults: Number(q.get('adults') ?? 1),
    currency: FX[currency] ? currency : 'USD',
  });
  if (!price || (market === 'CN' && hash(`mkt:${h.key}`) % 4 === 0)) return null;
  const marketFactor = market === 'US' ? 1 : 0.97;
  const total = Math.round(price.total * marketFactor * 100) / 100;
  return {
    currency: price.currency,
    amount: total,
    perNight: Math.round((total / price.nights) * 100) / 100,
    total,
    aggregation: 'TOTAL_STAY',
    formatted: `${price.currency} ${total.toFixed(2)}`,
    taxes: 'Taxes and fees included',
    mealPlan: hash(`meal:${h.key}`) % 2 ? 'ROOM_ONLY' : 'BREAKFAST',
    nights: price.nights,
  };
}

export const chainB: Site = {
  provider: 'chain_b',
  hosts: ['www.chain-b.test'],
  routes: [
    [
      'GET',
      /^\/api\/v2\/hotels\/search$/,
      ({ query }): SiteResponse => {
        const hotels = getWorld().hotels.filter(
          (h) => h.chain === 'chain_b' || (!h.chain && hash(`partner:${h.key}`) % 3 === 0),
        );
        let lat = Number(query.get('lat'));
        let lng = Number(query.get('lng'));
        let slug: string | null = null;
        const destination = query.get('destination');
        if (destination) {
          const city = hotels.find((h) => destinationSlug(h) === destination)?.city;
          if (!city) return { status: 404, json: { errors: [{ code: 'UNKNOWN_DESTINATION' }] } };
          [lat, lng, slug] = [city.latitude, city.longitude, destination];
        }
        const radius = Number(query.get('radius') ?? 50) * 1000;
        const near = hotels
          .map((h) => ({ h, d: distanceMeters(lat, lng, h.latitude, h.longitude) }))
          .filter((x) => x.d <= radius)
          .sort((a, b) => a.d - b.d);
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 20);
        return {
          status: 200,
          json: {
            place: { slug, lat, lng },
            count: near.length,
            results: near.slice(offset, offset + limit).map(({ h, d }) => ({
              hotelId: `${h.chain === 'chain_b' ? 'NH' : 'PT'}${h.ids.site_b}`,
              name: h.name,
              brand: h.chain === 'chain_b' ? h.brand : { code: 'PTN', name: 'Partner Hotels' },
              lodging: h.stars >= 4 ? { code: 'HOTEL', name: 'Hotel' } : { code: 'INN', name: 'Inn' },
              stars: h.stars,
              guestScore:
                h.chain === 'chain_b' || hash(`score:${h.key}`) % 2
                  ? Math.round((3 + (hash(`gs:${h.key}`) % 20) / 10) * 10) / 10
                  : null,
              reviewCount: h.chain === 'chain_b' ? 50 + (hash(`nr:${h.key}`) % 900) : null,
              amenities: AMENITIES.filter((_a, i) => hash(`a:${h.key}:${i}`) % 2 === 0),
              address: {
                line1: `${1 + (hash(h.key) % 200)} Avenue ${h.city.name}`,
                city: h.city.name,
                zip: String(10000 + (hash(h.key) % 80000)),
                country: h.city.label.split(', ').at(-1),
                countryCode: h.city.country,
              },
              distance: Math.round(d),
              offer: offer(h, query),
            })),
          },
        };
      },
    ],
  ],
};
