// GET /v1/dining/restaurants/{restaurant_id}: a restaurant's profile.
import * as z from 'zod';
import { LatLng } from '../../shared/schemas/location.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { dining } from '../../shared/providers/dining/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { RestaurantPath } from '../../shared/schemas/dining.ts';
import { RatingDistribution } from '../../shared/schemas/review.ts';

const Url = z.url({ protocol: /^https?$/ });
const Stars = z.number().min(1).max(5).nullable();
const Flag = z.boolean().nullable();

export const DiningDetailsResponse = z.object({
  success: z.literal(true),
  restaurant_id: z.number().int().positive(),
  name: z.string().min(1),
  bookable: z.boolean().nullable().meta({
    description: 'true: takes reservations; false: an info-only listing; null: the page does not say',
  }),
  cuisine: z.string().nullable().meta({ description: 'The main cuisine' }),
  cuisines: z.array(z.string()),
  price_band: z.number().int().min(1).max(4).nullable().meta({ description: '1 (cheapest) to 4' }),
  neighborhood: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  }),
  phone: z
    .string()
    .nullable()
    .meta({ description: "The restaurant's own phone; null when the page shows none (info-only listings)" }),
  website: Url.nullable(),
  location: LatLng.nullable(),
  dining_style: z.string().nullable(),
  dress_code: z.string().nullable(),
  description: z.string().nullable(),
  executive_chef: z.string().nullable(),
  hours_text: z
    .string()
    .nullable()
    .meta({ description: 'Opening hours as the source words them (free text; no structured hours exist)' }),
  parking: z.string().nullable(),
  payment_options: z.array(z.string()),
  features: z.object({
    bar: Flag,
    outdoor: Flag,
    takeout: Flag,
    private_dining: Flag,
    permanently_closed: Flag,
  }),
  rating: z
    .object({
      overall: Stars,
      food: Stars,
      service: Stars,
      ambience: Stars,
      value: Stars,
      count: z.number().int().min(0).nullable(),
    })
    .nullable()
    .meta({ description: 'null when the page shows no rating' }),
  rating_distribution: RatingDistribution,
  max_party_size: z.number().int().positive().nullable(),
  photo_url: Url.nullable(),
  url: Url.meta({ description: "The restaurant's page on dining" }),
});

export const handler = endpoint({
  route: routes.diningDetails,
  path: RestaurantPath,
  response: DiningDetailsResponse,
  run: async ({ path }, ctx) => {
    const found = await dining.details(ctx, path.restaurant_id);
    if (!found) throw ctx.error('RESTAURANT_NOT_FOUND', `dining has no restaurant ${path.restaurant_id}.`);
    return { success: true as const, ...found };
  },
});
