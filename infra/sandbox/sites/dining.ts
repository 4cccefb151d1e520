/**
 * dining, a restaurant reservation service: per-restaurant availability for a date and party size,
 * as seating times in 15-minute steps around the requested time, one entry per seating area (so
 * the same time may appear twice), some times taken.
 */
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';

export const RESTAURANTS_PER_CITY = 5;
export const FIRST_RESTAURANT_ID = 10_001;

/** Restaurant ids follow the world's cities: id → city and its index there. */
export function restaurantCity(id: number) {
  const i = id - FIRST_RESTAURANT_ID;
  const cities = getWorld().cities;
  return i >= 0 && i < cities.length * RESTAURANTS_PER_CITY
    ? cities[Math.floor(i / RESTAURANTS_PER_CITY)]
    : undefined;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export const dining: Site = {
  provider: 'dining',
  hosts: ['www.dining.test'],
  routes: [
    [
      'GET',
      /^\/api\/restaurants\/(\d+)\/availability$/,
      ({ match, query }): SiteResponse => {
        const id = Number(match[1]);
        if (!restaurantCity(id)) return { status: 404, json: { error: 'restaurant_not_found' } };
        const date = query.get('date') ?? '';
        const time = query.get('time') ?? '19:00';
        const covers = Number(query.get('covers') ?? 2);
        const maxParty = 4 + (hash(`max:${id}`) % 9);
        const open = 11 * 60 + 30;
        const close = 22 * 60 + 30;
        const center = minutes(time);
        const slots: { time: string; area: string }[] = [];
        if (covers <= maxParty && !Number.isNaN(center)) {
          for (let m = Math.max(open, center - 150); m <= Math.min(close, center + 150); m += 15) {
            for (const area of ['dining_room', 'terrace']) {
              if (hash(`${id}:${date}:${m}:${area}:${covers}`) % 3 !== 0) slots.push({ time: hhmm(m), area });
            }
          }
        }
        return { status: 200, json: { restaurant_id: id, date, party_size: covers, availability: slots } };
      },
    ],
  ],
};
