/**
 * chain_a, a hotel chain with a loyalty programme: an availability JSON API per property code, with
 * cash rates (flexible, member, advance purchase) in the property's currency and points or
 * points-plus-cash options priced in the programme's currency (USD).
 */
import { hash } from '../random.ts';
import { FX, nightlyUsd, nightsOf, pointsPerNight, soldOut } from '../prices.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

const CURRENCY: Record<string, string> = {
  FR: 'EUR',
  DE: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  NL: 'EUR',
  GB: 'GBP',
  US: 'USD',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  AU: 'AUD',
  CA: 'CAD',
  CH: 'CHF',
  TH: 'THB',
  SG: 'SGD',
  MX: 'MXN',
  BR: 'BRL',
  TR: 'TRY',
  KR: 'KRW',
  HK: 'HKD',
  AE: 'AED',
};
const ROOMS = [
  { code: 'KNG', name: 'King Room', adults: 2, children: 1, factor: 1 },
  { code: 'QQN', name: 'Two Queen Beds', adults: 4, children: 2, factor: 1.1 },
  { code: 'STE', name: 'Junior Suite', adults: 3, children: 2, factor: 1.6 },
];
const round = (n: number) => Math.round(n * 100) / 100;

function byCode(code: string): Hotel | undefined {
  return getWorld().hotels.find((h) => h.hotelCode === code);
}

export const chainA: Site = {
  provider: 'chain_a',
  hosts: ['www.chain-a.test'],
  routes: [
    [
      'GET',
      /^\/api\/properties\/([A-Z0-9]+)\/availability$/,
      ({ match, query }): SiteResponse => {
        const hotel = byCode(match[1]!);
        if (!hotel)
          return {
            status: 404,
            json: { errors: [{ code: 'PROPERTY_NOT_FOUND', message: 'Unknown property' }] },
          };
        const arrival = query.get('arrivalDate') ?? '';
        const departure = query.get('departureDate') ?? '';
        const adults = Number(query.get('adults') ?? 2);
        const children = Number(query.get('children') ?? 0);
        const rooms = Number(query.get('rooms') ?? 1);
        const stay = nightsOf(arrival, departure);
        if (stay.length === 0 || stay.length > 30)
          return {
            status: 400,
            json: { errors: [{ code: 'INVALID_STAY', message: 'Stay must be 1 to 30 nights' }] },
          };
        const currency = CURRENCY[hotel.city.country] ?? 'USD';
        const property = {
          code: hotel.hotelCode,
          brand: hotel.brand!.code,
          country: hotel.city.country,
          currency,
        };
        if (stay.some((n) => soldOut(hotel, n))) return { status: 200, json: { property, roomTypes: [] } };
        const fx = FX[currency] ?? 1;
        const roomTypes = ROOMS.filter((r) => r.adults >= adults && r.children >= children).flatMap((r) => {
          const inventory = hash(`inv:${hotel.key}:${r.code}:${arrival}`) % 6;
          if (inventory < rooms) return [];
          const usd =
            stay.reduce((sum, n) => sum + nightlyUsd(hotel, n), 0) *
            r.factor *
            (1 + 0.1 * Math.max(0, adults - 2)) *
            rooms;
          const plan = (
            code: string,
            name: string,
            factor: number,
            memberOnly: boolean,
            advance: boolean,
          ) => {
            const beforeTax = round(usd * factor * fx);
            return {
              planCode: code,
              name,
              memberOnly,
              advancePurchase: advance,
              description: `${name} for ${r.name.toLowerCase()}.`,
              cancellation: advance
                ? 'Non-refundable. Full prepayment at booking.'
                : 'Free cancellation until 2 days before arrival.',
              totalBeforeTax: beforeTax,
              taxes: round(beforeTax * 0.14),
            };
          };
          const perNightUsd = usd / stay.length / rooms;
          const points = pointsPerNight(perNightUsd);
          return [
            {
              code: r.code,
              name: r.name,
              description: `${r.name}, up to ${r.adults} adults.`,
              occupancy: { adults: r.adults, children: r.children },
              inventory,
              rates: [
                plan('RACK', 'Flexible Rate', 1, false, false),
                plan('MEMB', 'Member Rate', 0.92, true, false),
                plan('ADVP', 'Advance Purchase', 0.85, false, true),
              ],
              points: [
                ...(hash(`pts:${hotel.key}:${r.code}`) % 3 === 0
                  ? []
                  : [{ pointsPerNight: points, cashPerNight: null, cashCurrency: null }]),
                {
                  pointsPerNight: Math.round(points / 2 / 500) * 500,
                  cashPerNight: round(perNightUsd * 0.45),
                  cashCurrency: 'USD',
                },
              ],
            },
          ];
        });
        return { status: 200, json: { property, roomTypes } };
      },
    ],
  ],
};
