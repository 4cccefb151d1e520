// GET /v2/site_a/hotel/photos: a site_a hotel's photo gallery, main photo first, in three signed sizes.
import { coded } from '../../shared/schemas/params.ts';
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { sitePhotos } from '../../shared/providers/site-a/photos.ts';
import { routes } from '../../shared/routes/index.ts';
import { Photo } from '../../shared/schemas/site-a.ts';

export const PhotosQuery = z
  .object({
    url: z
      .string()
      .optional()
      .meta({ description: 'Not accepted: a request with url is 400 INVALID_PARAMETERS', deprecated: true }),
    hotel_id: z
      .string()
      .optional()
      .meta({ description: 'Numeric site_a hotel id (required)', pattern: '^\\s*\\d{1,12}\\s*$' }),
  })
  .check(
    coded(['INVALID_PARAMETERS', 'MISSING_PARAMETER', 'INVALID_HOTEL_ID'], (q, ctx) => {
      if (q.url !== undefined) {
        ctx.claim('INVALID_PARAMETERS', 'is not accepted: pass the numeric hotel_id', ['url']);
      } else if (!q.hotel_id?.trim()) {
        ctx.claim('MISSING_PARAMETER', 'is required', ['hotel_id']);
      } else if (!/^\d{1,12}$/.test(q.hotel_id.trim())) {
        ctx.claim('INVALID_HOTEL_ID', 'must be a numeric site_a hotel id', ['hotel_id']);
      }
    }),
  )
  .transform((q) => ({ hotel_id: q.hotel_id!.trim() }));

export const PhotosResponse = z.object({
  success: z.literal(true),
  hotel_id: z.string().regex(/^\d+$/),
  photos: z.array(Photo).min(1).meta({ description: "The first photo is the hotel's main photo" }),
  photo_count: z.number().int().min(1),
  message: z.string(),
  retrieved_at: z.iso.datetime(),
});

export const handler = endpoint({
  route: routes.siteAPhotos,
  query: PhotosQuery,
  response: PhotosResponse,
  run: async ({ query }, ctx) => {
    const photos = await sitePhotos(ctx, query.hotel_id);
    if (!photos) throw ctx.error('HOTEL_NOT_FOUND', `site_a has no hotel ${query.hotel_id}.`);
    return {
      success: true as const,
      hotel_id: query.hotel_id,
      photos,
      photo_count: photos.length,
      message: `Found ${photos.length} photos`,
      retrieved_at: new Date().toISOString(),
    };
  },
});
