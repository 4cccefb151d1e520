/**
 * chain_a room and rate availability for one property and stay. Amounts come back in the property's
 * billing currency; points-plus-cash options keep their own currency. A sold-out stay is an empty
 * list, not an error.
 */
import * as z from 'zod';
import { ChainAStay } from '../../schemas/chain-a.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const Availability = z.object({
  property: z.object({
    code: z.string(),
    brand: z.string(),
    country: z.string().length(2),
    currency: z.string(),
  }),
  roomTypes: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      description: z.string().nullable().default(null),
      occupancy: z.object({ adults: z.number().int(), children: z.number().int() }).partial().default({}),
      inventory: z.number().int().nullable().default(null),
      rates: z.array(
        z.object({
          planCode: z.string(),
          name: z.string(),
          memberOnly: z.boolean(),
          advancePurchase: z.boolean(),
          description: z.string().nullable().default(null),
          cancellation: z.string().nullable().default(null),
          totalBeforeTax: z.number().nullable(),
          taxes: z.number().nullable(),
        }),
      ),
      points: z
        .array(
          z.object({
            pointsPerNight: z.number().int(),
            cashPerNight: z.number().nullable(),
            cashCurrency: z.string().nullable(),
          }),
        )
        .default([]),
    }),
  ),
});

export interface Stay {
  hotelCode: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  children: number;
  rooms: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The property's rooms for the stay, or undefined when chain_a does not know the code. Cash rates come as
 * stay totals of every room; points and points-plus-cash come per night of one room (the rooms rule in
 * shared/schemas/chain-a.ts). An answer that lost its structure is an ExtractionError naming its status.
 * @example await roomsFor(ctx, { hotelCode: 'ASPAR0', checkIn: '2030-06-01', checkOut: '2030-06-03', nights: 2, adults: 2, children: 0, rooms: 1 }) // { currency: 'EUR', brand_code: 'AS', country_code: 'FR', room_types: [...] }
 */
export async function roomsFor(ctx: UpstreamContext, stay: Stay): Promise<ChainAStay | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'chain_a',
      path: `/api/properties/${stay.hotelCode}/availability`,
      expect: 'json',
      cache: 'prices',
      notFoundOk: true,
      query: {
        arrivalDate: stay.checkIn,
        departureDate: stay.checkOut,
        adults: stay.adults,
        children: stay.children,
        rooms: stay.rooms,
      },
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const parsed = Availability.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'chain_a',
      'availability does not have the expected fields',
      parsed.error,
      res.status,
    );
  const { property, roomTypes } = parsed.data;
  const perRoomNight = (total: number | null) =>
    total === null ? null : round(total / stay.nights / stay.rooms);
  const forStay = (perNight: number) => perNight * stay.nights * stay.rooms;
  const candidate = {
    currency: property.currency,
    brand_code: property.brand,
    country_code: property.country.toUpperCase(),
    room_types: roomTypes.map((r) => ({
      code: r.code,
      name: r.name,
      description: r.description,
      max_adults: r.occupancy.adults ?? null,
      max_children: r.occupancy.children ?? null,
      available_rooms: r.inventory,
      rates: r.rates.map((rate) => {
        const total =
          rate.totalBeforeTax === null || rate.taxes === null
            ? null
            : round(rate.totalBeforeTax + rate.taxes);
        return {
          name: rate.name,
          rate_plan_code: rate.planCode,
          per_night: perRoomNight(rate.totalBeforeTax),
          per_night_after_tax: perRoomNight(total),
          base_total: rate.totalBeforeTax,
          fees_taxes: rate.taxes,
          total,
          // Every cash rate is in the billing currency; a rate without one fails the contract check below.
          currency: property.currency,
          is_member_rate: rate.memberOnly,
          is_advance_purchase: rate.advancePurchase,
          long_description: rate.description,
          policy_description: rate.cancellation,
        };
      }),
      reward_options: r.points.map((p) => ({
        points: p.pointsPerNight,
        cash: p.cashPerNight,
        cash_currency: p.cashPerNight === null ? null : p.cashCurrency,
        points_total: forStay(p.pointsPerNight),
        cash_total: p.cashPerNight === null ? null : round(forStay(p.cashPerNight)),
      })),
    })),
  };
  return conform('chain_a', ChainAStay, candidate, 'the availability', res.status);
}
