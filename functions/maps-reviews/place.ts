// GET /v1/maps_reviews/place: one place in full, by place_id (as search-and-review returns it) or data_id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { placeDetails } from '../../shared/providers/maps-reviews/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsPlace } from '../../shared/schemas/maps-place.ts';
import { idParam, languageParam } from '../../shared/schemas/params.ts';

/** A place id as the maps service writes them: URL-safe base64 text (ChIJ…, GhIJ…, Ei…). */
const PLACE_ID = /^[A-Za-z0-9_-]{10,512}$/;
/** A data_id: two hexadecimal numbers of at most 64 bits. */
const DATA_ID = /^0x[0-9a-f]{1,16}:0x[0-9a-f]{1,16}$/i;

export const PlaceQuery = z
  .object({
    place_id: idParam(
      PLACE_ID,
      'INVALID_PLACE_ID',
      'must be a place_id as /v1/maps_reviews/search-and-review returns it',
    )
      .optional()
      .meta({
        description: 'As /v1/maps_reviews/search-and-review returns it',
        example: 'ChIJD7fiBh9u5kcRYJSMaMOCCwQ',
      }),
    data_id: idParam(DATA_ID, 'INVALID_PLACE_ID', 'must look like 0x<hex>:0x<hex>')
      .optional()
      .meta({ description: 'Place identifier of the form 0x<hex>:0x<hex>' }),
    hl: languageParam('en').meta({ description: 'Language of the texts. Default en' }),
  })
  .refine((q) => (q.place_id === undefined) !== (q.data_id === undefined), {
    path: ['place_id'],
    error: 'give exactly one of place_id or data_id',
    params: { error_code: 'MISSING_PLACE' },
  });

export const MapsPlaceResponse = z.object({ success: z.literal(true), place: MapsPlace });

export const handler = endpoint({
  route: routes.mapsPlace,
  query: PlaceQuery,
  response: MapsPlaceResponse,
  run: async ({ query }, ctx) => {
    const key = query.place_id ? { placeId: query.place_id } : { dataId: query.data_id!.toLowerCase() };
    const place = await placeDetails(ctx, key, query.hl);
    if (!place)
      throw ctx.error(
        'PLACE_NOT_FOUND',
        `The maps service knows no place ${query.place_id ? `with place_id ${query.place_id}` : `with data_id ${query.data_id}`}.`,
      );
    return { success: true as const, place };
  },
});
