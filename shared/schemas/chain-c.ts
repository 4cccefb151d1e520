import * as z from 'zod';
import { CurrencyCode, RequestedCurrency } from './currency.ts';
import { LatLng } from './location.ts';
import { coordinateParam, currencyParam, idParam, intParam } from './params.ts';
import { StayDateParams, withStayOrder } from './stay.ts';

/** A chain_c property code as loyalty search returned it, upper-cased; else 400 INVALID_PROPERTY_ID. */
export const PropertyIdParam = idParam(
  /^[A-Z0-9]{1,10}$/,
  'INVALID_PROPERTY_ID',
  'must be 1 to 10 letters or digits, as loyalty search returned it',
  { upper: true },
).meta({
  description: 'chain_c property code as loyalty search returned it; case-insensitive',
  example: 'TOYPA',
});

/** The cash and points price of a bookable chain_c property for the stay, in the requested currency. */
export const ChainCPrice = z.object({
  per_night: z.number().min(0).meta({ description: 'Average nightly cash price, before taxes and fees' }),
  total: z.number().min(0).nullable().meta({
    description:
      'Cash price of the whole stay, taxes and fees included; null when chain_c shows neither it nor both taxes and fees',
  }),
  taxes: z.number().min(0).nullable().meta({ description: 'Taxes of the stay; null when not shown' }),
  fees: z.number().min(0).nullable().meta({ description: 'Fees of the stay; null when not shown' }),
  currency: RequestedCurrency,
  points_per_night: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Loyalty points per night; null when the property shows no points price' }),
});
export type ChainCPrice = z.infer<typeof ChainCPrice>;

/** Chain C hotel (search result), per the contract's table. */
export const ChainCHotel = z.object({
  property_id: z
    .string()
    .min(1)
    .meta({ description: 'Property code, usable with the chain_c rooms endpoint' }),
  name: z.string().min(1),
  brand: z
    .object({
      id: z.string().min(1),
      name: z.string().min(1).nullable().meta({ description: 'null when chain_c shows only the id' }),
    })
    .nullable()
    .meta({ description: 'null when chain_c does not show it' }),
  location: LatLng.nullable().meta({ description: 'null when chain_c does not show where it is' }),
  description: z.string().nullable(),
  rating: z
    .number()
    .min(0)
    .max(5)
    .nullable()
    .meta({ description: 'Guest rating, 0 to 5; null when not shown' }),
  review_count: z.number().int().min(0).nullable().meta({ description: 'null when not shown' }),
  image: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .meta({ description: 'URL of a picture of the property; null when chain_c shows none' }),
  url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .meta({ description: 'URL of the hotel page; null when chain_c does not name the page' }),
  bookable: z.boolean().nullable().meta({
    description:
      "Whether the property has available rooms for the stay, as its rate's status says (false also when chain_c marks it unbookable); null when chain_c does not say",
  }),
  price: ChainCPrice.nullable().meta({
    description:
      'null when bookable is false (a property that cannot be booked for the stay has no price), or when chain_c shows no nightly cash price',
  }),
  distance_meters: z
    .number()
    .min(0)
    .nullable()
    .meta({ description: 'From the search coordinates; null when chain_c does not show it' }),
});
export type ChainCHotel = z.infer<typeof ChainCHotel>;

const Cash = z.number().min(0);

/** A night of a rate: one room's cash and points for that date. */
export const ChainCNightlyRate = z.object({
  date: z.iso.date(),
  cash: Cash.nullable(),
  points: z.number().int().min(0).nullable(),
  free_night: z
    .boolean()
    .nullable()
    .meta({ description: 'Whether the night is a free award night; null when chain_c does not say' }),
});

/**
 * A rate of a chain_c room type. Rooms rule (as chain_a's): per-night figures are for one room, stay totals
 * for every room over every night.
 */
export const ChainCRate = z.object({
  name: z.string().min(1),
  rate_plan_code: z.string().min(1),
  is_member_rate: z
    .boolean()
    .nullable()
    .meta({ description: 'true when the rate is for loyalty members only; null when chain_c does not say' }),
  per_night: Cash.nullable().meta({
    description: 'Average nightly cash of one room before taxes; null without cash',
  }),
  total: Cash.nullable().meta({
    description: 'Stay total in cash after taxes and fees, every room: nightly cash × rooms + taxes_fees',
  }),
  taxes_fees: Cash.nullable().meta({ description: 'Taxes and fees of the stay, every room' }),
  points_per_night: z.number().int().min(0).nullable().meta({ description: 'Points per night of one room' }),
  points_total: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Points for the stay: points_per_night × nights × rooms' }),
  cash_and_points: z
    .object({ points: z.number().int().min(0), cash: Cash })
    .nullable()
    .meta({ description: 'Points plus cash per night of one room, or null' }),
  nightly_rates: z.array(ChainCNightlyRate),
});
export type ChainCRate = z.infer<typeof ChainCRate>;

export const ChainCRoomType = z.object({
  name: z.string().min(1),
  description: z.string().nullable(),
  bed_type: z.string().nullable(),
  view: z.string().nullable(),
  category: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'e.g. STANDARD or SUITE; null when chain_c does not show it' }),
  available_rooms: z.number().int().min(0).nullable(),
  rates: z.array(ChainCRate),
});
export type ChainCRoomType = z.infer<typeof ChainCRoomType>;

/** What chain_c says of a property's rooms for one stay, in the requested currency. */
export const ChainCRooms = z.object({
  currency: CurrencyCode,
  room_types: z
    .array(ChainCRoomType)
    .meta({ description: 'Empty (total 0) when no room is available for the exact dates and occupancy' }),
});
export type ChainCRooms = z.infer<typeof ChainCRooms>;

/** The stay both chain_c queries take: dates, adults and rooms. */
const ChainCStay = {
  ...StayDateParams,
  adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
  rooms: intParam(1, 8, 1).meta({ description: 'Rooms, 1 to 8. Default 1' }),
};

/** The query of chain_c loyalty rooms (a watch of the route checks its parameters with it too). */
export const ChainCRoomsQuery = withStayOrder(
  z.object({
    property_id: PropertyIdParam,
    ...ChainCStay,
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every cash amount. Default USD',
    }),
  }),
);

export const SORT_BY = ['DISTANCE', 'PRICE'] as const;

/** The query of chain_c loyalty search (a watch of the route checks its parameters with it too). */
export const ChainCQuery = withStayOrder(
  z.object({
    latitude: coordinateParam(90).meta({ description: 'Latitude of the search center, -90 to 90' }),
    longitude: coordinateParam(180).meta({ description: 'Longitude of the search center, -180 to 180' }),
    ...ChainCStay,
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every price; asked of chain_c, which prices in it',
    }),
    offset: intParam(0, 100_000, 0).meta({ description: 'Hotels to skip. Default 0' }),
    limit: intParam(1, 20, 20).meta({ description: 'Hotels per page, at most 20. Default 20' }),
    sort_by: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(SORT_BY))
      .default('DISTANCE')
      // The wire value is a string the pipe upper-cases; the document names the values it accepts.
      .meta({
        type: 'string',
        enum: [...SORT_BY],
        description:
          'DISTANCE (nearest first) or PRICE (cheapest nightly price first, unpriced properties last); ' +
          'case-insensitive. Default DISTANCE',
      }),
  }),
);
