/**
 * Pure readers of chain_b's search index: its hits (`objectID`, `name`, `brand`, `brandLabel`, `lodging`,
 * `stars`, `rating{score, nbReviews}`, `localization{address, gps}`, `freeAmenities`), placed around a
 * centre as hotels, and one hotel's record (lodging type, free and paid amenities). Read by the tolerant
 * rule (shared/extraction/tolerant.ts): optional fields may be absent (counted), odd list entries are skipped.
 */
import * as z from 'zod';
import { ChainBHotel, type BestOffer } from '../../schemas/chain-b.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import { addressOf, Localization, Lodging, lodgingOf } from './extract.ts';
import { text } from '../../extraction/values.ts';
import type { Centre } from './places.ts';
import { metersBetween } from '../../geo/distance.ts';
const Hit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  // The objectID names the hotel: brand and stars may be missing, and are then null.
  brand: z.string().nullish(),
  brandLabel: z.string().nullish(),
  // A lodging type is its code: its label may be missing (then null).
  lodging: Lodging,
  stars: z.number().nullish(),
  rating: z.looseObject({ score: z.number().nullish(), nbReviews: z.number().int().nullish() }).nullish(),
  localization: Localization,
  freeAmenities: z.array(z.union([z.string(), z.looseObject({ code: z.string() })])).nullish(),
  _rankingInfo: z.looseObject({ geoDistance: z.number().min(0).optional() }).optional(),
});
export type Hit = z.infer<typeof Hit>;

export const IndexAnswer = tolerant(
  'chain_b',
  z.union([
    z.looseObject({ hits: z.array(Hit), message: z.string().optional() }),
    // The index's own error answer (a missing index, a refused key) has a message instead.
    z.looseObject({ hits: z.undefined().optional(), message: z.string() }),
  ]),
  'the search index answer',
);
export type IndexAnswer = z.infer<typeof IndexAnswer>;

/** A hit placed around the search centre: metres away, from the hit's own coordinates. */
export interface Candidate {
  hit: Hit;
  meters: number;
}

/**
 * The hits within the radius, nearest first, each with its distance from the centre: from the hit's
 * coordinates, else the index's own geo distance; a hit with neither cannot be placed and is left out.
 * @example candidates(answer.hits, { latitude: 48.85, longitude: 2.35 }, 5_000)[0].meters // 412
 */
export function candidates(hits: Hit[], centre: Centre, radiusMeters: number): Candidate[] {
  let unplaced = 0;
  const placed = hits
    .flatMap((hit) => {
      const gps = hit.localization?.gps;
      const meters = gps
        ? metersBetween(centre, { latitude: gps.lat, longitude: gps.lng })
        : hit._rankingInfo?.geoDistance;
      if (meters === undefined) {
        unplaced += 1;
        recordSkipped('chain_b', 'hits[]', 'the search index answer');
      }
      return meters === undefined || meters > radiusMeters ? [] : [{ hit, meters }];
    })
    .sort((a, b) => a.meters - b.meters);
  // Hits none of which can be placed prove nothing about the radius: never "no hotel there".
  if (hits.length > 0 && unplaced === hits.length)
    throw new ExtractionError('chain_b', 'no hit of the search index carries coordinates or a distance');
  return placed;
}

/**
 * A hotel in the contract's terms, from its hit, its distance, whether chain_b says it is available (null:
 * its offers could not be read) and its best offer: an available hotel without a priced offer is
 * AVAILABLE with no offer, never UNAVAILABLE.
 * @example toHotel({ hit, meters: 412.4 }, true, offer).distance_feet // 1352
 */
export function toHotel(
  { hit, meters }: Candidate,
  available: boolean | null,
  offer: BestOffer | null,
): ChainBHotel {
  const distance = Math.round(meters);
  return conform(
    'chain_b',
    ChainBHotel,
    {
      id: hit.objectID,
      name: hit.name,
      brand: hit.brand ? { code: hit.brand, name: text(hit.brandLabel) } : null,
      lodging: lodgingOf(hit.lodging),
      stars: hit.stars ?? null,
      rating: hit.rating?.score ?? null,
      review_count: hit.rating?.nbReviews ?? null,
      amenities: (hit.freeAmenities ?? []).map((a) => (typeof a === 'string' ? a : a.code)),
      address: addressOf(hit.localization),
      distance_meters: distance,
      distance_feet: Math.round(distance * 3.28084),
      availability_status: available === null ? null : available ? 'AVAILABLE' : 'UNAVAILABLE',
      best_offer: offer,
    },
    'a hotel',
  );
}

const Amenity = z.union([z.string(), z.looseObject({ code: z.string(), label: z.string().nullish() })]);
/** An amenity of the index: its code, or its code and label. */
export type Amenity = z.infer<typeof Amenity>;

/** One record of the search index, or null for the index's 404 (a hotel it does not list). */
export const IndexRecord = tolerant(
  'chain_b',
  z
    .looseObject({
      objectID: z.string(),
      lodging: Lodging,
      freeAmenities: z.array(Amenity).nullish(),
      paidAmenities: z.array(Amenity).nullish(),
    })
    .nullable(),
  'the index record',
);
export type IndexRecord = z.infer<typeof IndexRecord>;
