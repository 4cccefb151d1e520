import * as z from 'zod';

/** Destination suggestion (site_g lookup), per the contract's table. */
export const SiteGSuggestion = z.object({
  city_id: z.number().int().positive(),
  name: z.string().nullable(),
  name_en: z.string().nullable(),
  display_name: z.string().min(1).nullable().meta({
    description:
      "Label: the city's name with its province and country; null when the source shows no name for it",
  }),
  province: z.string().nullable(),
  country: z.string().nullable(),
  type: z.string().min(1).nullable().meta({
    description:
      'e.g. domestic_city for a city in China, international_city elsewhere; null when the source shows no country',
  }),
  search_url: z.url(),
});
export type SiteGSuggestion = z.infer<typeof SiteGSuggestion>;
