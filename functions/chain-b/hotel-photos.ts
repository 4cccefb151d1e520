// GET /v1/chain_b/hotel/photos: a chain_b hotel's photos and videos, by category, largest format first.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainBHotelId, ChainBPhoto } from '../../shared/schemas/chain-b.ts';
import { hotelIdParam } from '../../shared/schemas/chain-b-query.ts';

export const HotelPhotosQuery = z.object({
  hotel_id: hotelIdParam(),
  categories: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z_]{1,40}(,[A-Z_]{1,40}){0,29}$/, { error: 'must be comma-separated category codes' })
    .transform((c) => c.split(','))
    .optional()
    .meta({
      description: 'Comma-separated category codes (e.g. HOTEL,BEDROOM). Default all',
      type: 'string',
    }),
  include_videos: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true')
    .meta({ description: 'Include videos: true or false. Default true' }),
});

export const HotelPhotosResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  name: z.string().min(1),
  photos: z.array(ChainBPhoto),
  total: z.number().int().min(0),
  categories: z
    .record(z.string(), z.string())
    .meta({ description: 'Code to label, for the categories present in photos' }),
});

export const handler = endpoint({
  route: routes.chainBHotelPhotos,
  query: HotelPhotosQuery,
  response: HotelPhotosResponse,
  run: async ({ query }, ctx) => {
    const found = await chainB.photos(ctx, query.hotel_id, camelKeys(query));
    if (!found) throw ctx.error('HOTEL_NOT_FOUND', `chain_b has no hotel ${query.hotel_id}.`);
    return {
      success: true as const,
      hotel_id: query.hotel_id,
      name: found.name,
      photos: found.photos,
      total: found.photos.length,
      categories: found.categories,
    };
  },
});
