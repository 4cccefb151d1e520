// GET /v1/dining/restaurants/{restaurant_id}/menu: a restaurant's menus, or the link to one kept elsewhere.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { dining } from '../../shared/providers/dining/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { RestaurantPath } from '../../shared/schemas/dining.ts';

const Amount = z.number().min(0).nullable();

export const DiningMenuResponse = z.object({
  success: z.literal(true),
  restaurant_id: z.number().int().positive(),
  menus: z
    .array(
      z.object({
        title: z.string().nullable(),
        description: z.string().nullable(),
        currency: z.string().nullable().meta({ description: 'ISO 4217 code of the prices' }),
        updated_at: z
          .string()
          .nullable()
          .meta({ description: 'When the menu was last updated, as the source gives it (no time zone)' }),
        sections: z
          .array(
            z.object({
              title: z.string().nullable(),
              description: z.string().nullable(),
              items: z
                .array(
                  z.object({
                    name: z.string().min(1),
                    description: z.string().nullable(),
                    price: Amount.meta({ description: 'null when the source shows no plain amount' }),
                    price_text: z
                      .string()
                      .nullable()
                      .meta({ description: 'The price as the source shows it' }),
                    variations: z.array(z.object({ name: z.string().min(1), price: Amount })),
                  }),
                )
                .min(1),
            }),
          )
          .min(1),
      }),
    )
    .meta({ description: "In the source's order; [] when the restaurant publishes no menu here" }),
  external_menu_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .meta({ description: 'The menu kept elsewhere; null when there is none' }),
});

export const handler = endpoint({
  route: routes.diningMenu,
  path: RestaurantPath,
  response: DiningMenuResponse,
  run: async ({ path }, ctx) => {
    const found = await dining.menu(ctx, path.restaurant_id);
    if (!found) throw ctx.error('RESTAURANT_NOT_FOUND', `dining has no restaurant ${path.restaurant_id}.`);
    // No menu at all is the contract's 200 with menus [] and no link, not an error.
    return { success: true as const, restaurant_id: path.restaurant_id, ...found };
  },
});
