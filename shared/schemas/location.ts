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

/** A point in decimal degrees. */
export const LatLng = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** An address's country, ISO 3166-1 alpha-2; null when the source names none. */
export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .nullable()
  .meta({ description: 'ISO 3166-1 alpha-2' });

/** A nullable text of a chain's profile: absent or empty in the source is null. */
const Text = z.string().min(1).nullable();

/** A postal address as the chains' profiles give it, each part null where the source has none. */
export const PostalAddress = z.object({
  street: Text.meta({ description: 'Street lines, joined by ", "' }),
  city: Text,
  state: Text.meta({ description: 'State or province as the source names it' }),
  postal_code: Text,
  country_code: CountryCode,
});
