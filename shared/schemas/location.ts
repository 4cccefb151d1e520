import * as z from 'zod';

/** Location resource of the coordinates lookup (spec: "Location (coordinates lookup)"). */
export const Location = z.object({
  name: z.string(),
  type: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  country: z.string().length(2).nullable(),
  place_id: z.string(),
});
export type Location = z.infer<typeof Location>;
