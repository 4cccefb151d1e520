/**
 * What maps_hotels' two answers (a results list, one property's details) say alike of a property, and
 * how both read it: its facts, its rating, its local times and the token in its details link.
 */
import * as z from 'zod';

/** What the engine says alike of a property in a results list and in its details: the same fields. */
export const PropertyFacts = {
  description: z.string().optional(),
  address: z.string().optional(),
  gps_coordinates: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  check_in_time: z.string().optional(),
  check_out_time: z.string().optional(),
  extracted_hotel_class: z.number().int().min(1).max(5).optional(),
  overall_rating: z.number().optional(),
  // An absent count is not a real 0: the property is kept with its rating's votes null (the contract's
  // amendment 1), or with no rating at all when neither score nor count is shown (a vacation rental).
  reviews: z.number().int().optional(),
  amenities: z.array(z.string()).optional(),
};

/**
 * A local time as the contract writes it, with the source's narrow spaces made plain.
 * @example spaced('3:00\u202fPM') // '3:00 PM'
 */
export const spaced = (time: string) => time.replace(/[\u202f\u00a0]/g, ' ');

/**
 * A property's rating as the source shows it: null when it shows neither score nor count; either one
 * alone keeps the other null, never 0 (the contract's amendment 1).
 * @example ratingOf({ overall_rating: 4.2 }) // { value: 4.2, votes: null, rating_max: 5 }
 */
export function ratingOf(p: { overall_rating?: number | undefined; reviews?: number | undefined }) {
  if (p.overall_rating === undefined && p.reviews === undefined) return null;
  return { value: p.overall_rating ?? null, votes: p.reviews ?? null, rating_max: 5 };
}

/**
 * The token inside the source's own details link, when the answer carries no top-level one.
 * @example tokenOfLink('https://serp.test/search.json?engine=hotels&property_token=ChkI') // 'ChkI'
 */
export function tokenOfLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    return new URL(link).searchParams.get('property_token') ?? undefined;
  } catch {
    return undefined;
  }
}
