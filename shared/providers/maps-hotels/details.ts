/**
 * maps_hotels' reader of one property's details: the property at the top level (info and photos), a list
 * whose first property leads to it, or the empty state.
 */
import * as z from 'zod';
import { MapsHotelInfo, MapsHotelPhoto } from '../../schemas/maps-hotels.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { isEmptyResult, SerpEnvelope } from '../serp/index.ts';
import { PropertyFacts, ratingOf, spaced, tokenOfLink } from './facts.ts';

const Rate = z.object({
  lowest: z.string().optional(),
  extracted_lowest: z.number(),
  before_taxes_fees: z.string().optional(),
  extracted_before_taxes_fees: z.number().optional(),
});
/**
 * A property-details answer: the property at the top level, with no `search_information` list and maybe
 * no top-level `property_token`, `description` or `amenities`; or, for a name that is not one hotel's,
 * `properties[]` (whose first entry leads to the details); or the empty state. Loose: the envelope's
 * other keys and the properties' own stay beside what is read.
 */
export const DetailsAnswer = tolerant(
  'maps_hotels',
  z.looseObject({
    ...SerpEnvelope,
    search_parameters: z
      .object({ currency: z.string().optional(), property_token: z.string().optional() })
      .optional(),
    search_information: z.object({ hotels_results_state: z.string().optional() }).optional(),
    properties: z.array(z.object({ property_token: z.string() })).optional(),
    type: z.string().optional(),
    name: z.string().optional(),
    link: z.string().optional(),
    property_token: z.string().optional(),
    serpapi_property_details_link: z.string().optional(),
    phone: z.string().optional(),
    ...PropertyFacts,
    rate_per_night: Rate.optional(),
    total_rate: Rate.optional(),
    prices: z
      .array(
        z.object({
          source: z.string(),
          link: z.string().optional(),
          official: z.boolean().optional(),
          rate_per_night: Rate.optional(),
          total_rate: Rate.optional(),
        }),
      )
      .optional(),
    images: z.array(z.object({ thumbnail: z.string().optional(), original_image: z.string() })).optional(),
    nearby_places: z
      .array(
        z.object({
          name: z.string(),
          category: z.string().optional(),
          transportations: z
            .array(z.object({ type: z.string().optional(), duration: z.string() }))
            .optional(),
        }),
      )
      .optional(),
  }),
  'the property details',
);
export type DetailsAnswer = z.infer<typeof DetailsAnswer>;

/** What a details call found: the property, a list whose first property leads to it, or nothing. */
export type DetailsResult =
  | { kind: 'details'; answer: DetailsAnswer; hotelId: string; currency: string | undefined }
  | { kind: 'list'; hotelId: string }
  | { kind: 'not found' };

/**
 * Which kind of details answer this is; the property's token from the answer, its details link, or the
 * token asked with.
 * @example classifyDetails(answer, 'ChkI…') // { kind: 'details', answer, hotelId: 'ChkI…', currency: 'EUR' }
 */
export function classifyDetails(answer: DetailsAnswer, askedToken: string | undefined): DetailsResult {
  if (answer.name !== undefined) {
    const hotelId =
      answer.property_token ??
      askedToken ??
      answer.search_parameters?.property_token ??
      tokenOfLink(answer.serpapi_property_details_link);
    if (!hotelId)
      throw new ExtractionError('maps_hotels', 'the property details carry no token', undefined, 200);
    return { kind: 'details', answer, hotelId, currency: answer.search_parameters?.currency?.toUpperCase() };
  }
  const first = answer.properties?.[0];
  // A token answers its own property or nothing: a list for a token is not that property.
  if (first && !askedToken) return { kind: 'list', hotelId: first.property_token };
  const state = answer.search_information?.hotels_results_state ?? '';
  const error = answer.error ?? undefined;
  if (answer.properties || state === 'Fully empty' || isEmptyResult(error)) return { kind: 'not found' };
  if (error) throw new UpstreamError('maps_hotels', 'the details answered an error instead of a property');
  throw new ExtractionError('maps_hotels', 'no property details, properties or empty state', undefined, 200);
}

const rateOf = (r: z.infer<typeof Rate> | undefined, currency: string) =>
  r
    ? {
        lowest: r.lowest ?? `${currency} ${r.extracted_lowest}`,
        lowest_value: r.extracted_lowest,
        before_taxes_fees: r.before_taxes_fees ?? null,
        before_taxes_fees_value: r.extracted_before_taxes_fees ?? null,
      }
    : null;

/**
 * A details answer as the contract's hotel in full: the name identifies it (the answer's shape needs it);
 * everything else, coordinates included, may be absent and is then null.
 * @example extractInfo(answer, 'ChkI…', 'EUR').total_rate?.lowest_value // 424
 */
export function extractInfo(answer: DetailsAnswer, hotelId: string, currency: string): MapsHotelInfo {
  const a = answer;
  const info = {
    hotel_id: hotelId,
    name: a.name,
    type: a.type ?? null,
    description: a.description ?? null,
    link: a.link ?? null,
    address: a.address ?? null,
    phone: a.phone ?? null,
    location: a.gps_coordinates ?? null,
    check_in_time: a.check_in_time === undefined ? null : spaced(a.check_in_time),
    check_out_time: a.check_out_time === undefined ? null : spaced(a.check_out_time),
    stars: a.extracted_hotel_class ?? null,
    rating: ratingOf(a),
    rate_per_night: rateOf(a.rate_per_night, currency),
    total_rate: rateOf(a.total_rate, currency),
    prices: (a.prices ?? []).map((p) => ({
      source: p.source,
      rate_per_night_value: p.rate_per_night?.extracted_lowest ?? null,
      total_rate_value: p.total_rate?.extracted_lowest ?? null,
      link: p.link ?? null,
      // The engine marks only the hotel's own site (`official: true`) and leaves the key out on every
      // other seller (a real 2025 details answer: one official seller among about forty, no `false`):
      // absence is "not official", a fact the answer states, not an unknown.
      is_official: p.official === true,
    })),
    amenities: a.amenities ?? [],
    images: (a.images ?? []).map((i) => i.original_image).slice(0, 20),
    nearby_places: (a.nearby_places ?? []).map((n) => ({
      name: n.name,
      category: n.category ?? null,
      transport_time: n.transportations?.[0]?.duration ?? null,
    })),
  };
  return conform('maps_hotels', MapsHotelInfo, info, 'the hotel details', 200);
}

/**
 * The photos of a details answer, original size with their thumbnails. The engine leaves out a list it
 * has nothing for, so details without `images` are a hotel without photos: none, as info's `images`, the
 * absence counted as drift by the tolerant reader. An `images` that is there but unreadable (another
 * type, or no entry with an original image) fails the read: an extraction error, never "no photos".
 * @example extractPhotos(answer) // [{ thumbnail_url: 'https://…/0.jpg', url: 'https://…/0-o.jpg' }]
 */
export function extractPhotos(answer: DetailsAnswer): MapsHotelPhoto[] {
  const photos = (answer.images ?? []).map((i) => ({
    thumbnail_url: i.thumbnail ?? null,
    url: i.original_image,
  }));
  return conform('maps_hotels', z.array(MapsHotelPhoto), photos, 'the hotel photos', 200);
}
