// GET /v1/dining/search: restaurants near a point for a date, time and party, by price band, a page at a time.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { dining } from '../../shared/providers/dining/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { pricesParam, reservationDate, timeParam } from '../../shared/schemas/dining.ts';
import { coordinateParam, intParam } from '../../shared/schemas/params.ts';

export const SearchQuery = z.object({
  latitude: coordinateParam(90).meta({ description: 'Latitude of the point, -90 to 90' }),
  longitude: coordinateParam(180).meta({ description: 'Longitude of the point, -180 to 180' }),
  date: reservationDate().meta({
    description: 'Date of the reservation, YYYY-MM-DD, not before today (UTC)',
  }),
  time: timeParam('Time of the reservation, 24-hour HH:MM (e.g. 19:30), local time at the point'),
  party_size: intParam(1, 30, 2).meta({ description: 'Guests, 1 to 30. Default 2' }),
  prices: pricesParam(),
  limit: intParam(1, 50, 50).meta({ description: 'Restaurants per page, 1 to 50. Default 50' }),
  offset: intParam(0, Number.MAX_SAFE_INTEGER, 0).meta({ description: 'Restaurants to skip. Default 0' }),
});

export const DiningRestaurant = z.object({
  restaurant_id: z
    .number()
    .int()
    .positive()
    .meta({ description: 'Usable with /v1/dining/restaurants/{restaurant_id}/availability[/slots]' }),
  name: z.string().min(1),
  cuisine: z.string().nullable(),
  price_band: z.number().int().min(1).max(4).nullable().meta({ description: '1 (cheapest) to 4' }),
  rating: z.number().min(0).max(5).nullable(),
  review_count: z.number().int().min(0).nullable(),
  neighborhood: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().min(-90).max(90).nullable().meta({ description: 'null when the page does not say' }),
  longitude: z
    .number()
    .min(-180)
    .max(180)
    .nullable()
    .meta({ description: 'null when the page does not say' }),
  phone: z.string().nullable(),
  photo_url: z.url({ protocol: /^https?$/ }).nullable(),
  url: z.url({ protocol: /^https?$/ }).meta({ description: "The restaurant's page on dining" }),
  features: z.object({
    takeout: z.boolean().nullable().meta({ description: 'null when the page does not say' }),
    private_dining: z.boolean().nullable().meta({ description: 'null when the page does not say' }),
    online_ordering: z.boolean().nullable().meta({
      description: 'Whether the page links an order-online service; null when the page does not say',
    }),
  }),
});

export const DiningSearchResponse = z.object({
  success: z.literal(true),
  total: z.number().int().min(0).meta({ description: 'Every matching restaurant, over all pages' }),
  restaurants: z.array(DiningRestaurant).min(1).meta({ description: 'Nearest first' }),
  page_info: z.object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(50),
    has_more: z.boolean().meta({ description: 'Whether a later offset has more restaurants' }),
  }),
});

export const handler = endpoint({
  route: routes.diningSearch,
  query: SearchQuery,
  response: DiningSearchResponse,
  run: async ({ query }, ctx) => {
    const found = await dining.search(ctx, camelKeys(query), { offset: query.offset, limit: query.limit });
    // Nothing near the point, or an offset past the end: the contract's 404, never an empty 200.
    if (found.restaurants.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        found.total === 0
          ? 'dining lists no restaurant near that point for those bands.'
          : `dining lists ${found.total} restaurants there; offset ${query.offset} is past the end.`,
      );
    return {
      success: true as const,
      total: found.total,
      restaurants: found.restaurants,
      page_info: {
        offset: query.offset,
        limit: query.limit,
        has_more: query.offset + found.restaurants.length < found.total,
      },
    };
  },
});
