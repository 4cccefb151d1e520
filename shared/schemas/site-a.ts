import * as z from 'zod';

/** Photo (site_a): signed URLs in three sizes; the token does not depend on the size segment. */
export const Photo = z.object({
  photo_id: z.string().regex(/^\d+$/),
  thumbnail_url: z.url().regex(/\/square200\//),
  medium_url: z.url().regex(/\/square600\//),
  large_url: z.url().regex(/\/max1024x768\//),
});
export type Photo = z.infer<typeof Photo>;

export const DestType = z.enum(['CITY', 'REGION', 'DISTRICT', 'AIRPORT', 'LANDMARK']);

/** One destination suggestion of the site_a lookup (its fields are ours: the contract does not show them). */
export const DestinationSuggestion = z.object({
  dest_id: z.number().int(),
  dest_type: DestType,
  name: z.string().min(1),
  label: z.string().min(1).meta({ description: 'Full label: city, region, country' }),
  country_code: z.string().length(2),
  latitude: z
    .number()
    .min(-90)
    .max(90)
    .nullable()
    .meta({ description: 'null when site_a gives no position for the suggestion' }),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type DestinationSuggestion = z.infer<typeof DestinationSuggestion>;
