import * as z from 'zod';

/** Destination suggestion (site_g lookup), per the contract's table. */
export const SiteGSuggestion = z.object({
  city_id: z.number().int().positive(),
  name: z.string().nullable(),
  name_en: z.string().nullable(),
  display_name: z.string().min(1).meta({ description: 'Label with province and country' }),
  province: z.string().nullable(),
  country: z.string().nullable(),
  type: z.string().min(1).meta({ description: 'e.g. domestic_city' }),
  search_url: z.url(),
});
export type SiteGSuggestion = z.infer<typeof SiteGSuggestion>;
