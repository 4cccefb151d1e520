/**
 * rental, a short-term rental platform: listing pages as HTML whose data sits in an embedded JSON
 * state script, the listing pictures those pages link to, and a pricing JSON API per stay. Listings
 * sit around the world's cities; some nights are booked.
 */
import { hash, pick, rng } from '../random.ts';
import { FX } from '../prices.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';
import { picture } from './maps.ts';

export const LISTINGS_PER_CITY = 6;
export const FIRST_LISTING_ID = 40_000_001;
const HOSTS = ['Maria', 'Kenji', 'Amara', 'Lucas', 'Sofia', 'Noah', 'Ayla', 'Mateo'];
const KINDS = [
  'Sunny loft',
  'Cosy studio',
  'Family flat',
  'Garden cottage',
  'Penthouse',
  'Canal-side apartment',
];

export function listing(id: number) {
  const i = id - FIRST_LISTING_ID;
  const cities = getWorld().cities;
  if (i < 0 || i >= cities.length * LISTINGS_PER_CITY) return undefined;
  const city = cities[Math.floor(i / LISTINGS_PER_CITY)]!;
  const r = rng(`listing:${id}`);
  const reviews = Math.floor(r() * 400);
  return {
    id,
    city,
    title: `${pick(r, KINDS)} in ${city.name}`,
    host: pick(r, HOSTS),
    maxGuests: 2 + Math.floor(r() * 7),
    children: r() < 0.8,
    infants: r() < 0.6,
    pets: r() < 0.3,
    rating: reviews ? Math.round((4 + r()) * 100) / 100 : 0,
    reviews,
    badge: reviews > 100 && r() < 0.5 ? 'Guest favourite' : 'Superhost',
    nightlyUsd: 40 + Math.floor(r() * 260),
    serviceFeeRate: 0.14,
  };
}

export const booked = (id: number, night: string) => hash(`booked:${id}:${night}`) % 9 === 0;

function nights(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${checkIn}T00:00:00Z`); t < Date.parse(`${checkOut}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export const rental: Site = {
  provider: 'rental',
  hosts: ['www.rental.test'],
  routes: [
    [
      'GET',
      /^\/rooms\/(\d+)$/,
      ({ match, base }): SiteResponse => {
        const l = listing(Number(match[1]));
        if (!l)
          return { status: 404, html: '<html><body>This listing is no longer available.</body></html>' };
        const state = {
          listing: {
            id: String(l.id),
            name: l.title,
            pictureUrl: `${base}/pictures/${l.id}/0.jpg`,
            hostName: l.host,
            personCapacity: l.maxGuests,
            avgRating: l.rating,
            reviewCount: l.reviews,
            badge: l.badge,
            guestControls: { allowsChildren: l.children, allowsInfants: l.infants, allowsPets: l.pets },
          },
        };
        return {
          status: 200,
          html: `<!DOCTYPE html><html><head><title>${l.title}</title></head><body>
<div id="site-content"><h1>${l.title}</h1></div>
<script id="data-deferred-state" type="application/json">${JSON.stringify(state)}</script>
</body></html>`,
        };
      },
    ],
    [
      'GET',
      /^\/api\/pricing\/(\d+)$/,
      ({ match, query }): SiteResponse => {
        const l = listing(Number(match[1]));
        if (!l) return { status: 404, json: { error: 'listing_not_found' } };
        const stay = nights(query.get('check_in') ?? '', query.get('check_out') ?? '');
        const adults = Number(query.get('adults') ?? 1);
        const currency = (query.get('currency') ?? 'USD').toUpperCase();
        if (stay.length === 0) return { status: 400, json: { error: 'invalid_dates' } };
        if (adults > l.maxGuests)
          return {
            status: 200,
            json: { available: false, reason: 'TOO_MANY_GUESTS', maxGuests: l.maxGuests },
          };
        if (stay.some((n) => booked(l.id, n)))
          return { status: 200, json: { available: false, reason: 'DATES_UNAVAILABLE' } };
        const fx = FX[currency] ?? 1;
        const round = (n: number) => Math.round(n * 100) / 100;
        const accommodation = round(stay.length * l.nightlyUsd * (1 + 0.05 * Math.max(0, adults - 2)) * fx);
        const cleaning = round(25 * fx);
        const service = round((accommodation + cleaning) * l.serviceFeeRate);
        return {
          status: 200,
          json: {
            available: true,
            currency: FX[currency] ? currency : 'USD',
            lines: [
              { kind: 'ACCOMMODATION', label: `${stay.length} nights`, amount: accommodation },
              { kind: 'CLEANING_FEE', label: 'Cleaning fee', amount: cleaning },
              { kind: 'SERVICE_FEE', label: 'Service fee', amount: service },
            ],
          },
        };
      },
    ],
    [
      'GET',
      /^\/pictures\/(\d+)\/\d+\.jpg$/,
      ({ match, path }): SiteResponse =>
        listing(Number(match[1])) ? picture(path) : { status: 404, json: { error: 'picture_not_found' } },
    ],
  ],
};
