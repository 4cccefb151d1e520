/**
 * Pure readers of chain_b's two answers: the search index's hits (`objectID`, `name`, `brand`,
 * `brandLabel`, `stars`, `rating{score, nbReviews}`, `localization{address, gps}`, `freeAmenities`) and the
 * back end's `HotelPageHot` offers (`hotelOffers{availability{status}, offersSelection{offers[]}}`).
 */
import * as z from 'zod';
import { BestOffer, ChainBHotel } from '../../schemas/chain-b.ts';
import { conform } from '../../upstream/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import type { Centre } from './places.ts';

// Coordinates come as numbers or as numeric strings; out of range, they place nothing anywhere.
const coordinate = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));

const Hit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  brand: z.string(),
  brandLabel: z.string(),
  lodging: z.looseObject({ code: z.string(), label: z.string() }),
  stars: z.number(),
  rating: z.looseObject({ score: z.number().nullish(), nbReviews: z.number().int().nullish() }).nullish(),
  localization: z.looseObject({
    address: z.looseObject({
      street: z.string().nullish(),
      zipCode: z.string().nullish(),
      city: z.string(),
      country: z.string(),
      countryCode: z.string(),
    }),
    gps: z.looseObject({ lat: coordinate(90), lng: coordinate(180) }).nullish(),
  }),
  freeAmenities: z.array(z.union([z.string(), z.looseObject({ code: z.string() })])).nullish(),
  _rankingInfo: z.looseObject({ geoDistance: z.number().min(0).optional() }).optional(),
});
export type Hit = z.infer<typeof Hit>;

export const IndexAnswer = z.looseObject({
  hits: z.array(Hit).optional(),
  // The index's own error answer (a missing index, a refused key) has a message instead.
  message: z.string().optional(),
});
export type IndexAnswer = z.infer<typeof IndexAnswer>;

const Offer = z.looseObject({
  pricing: z.looseObject({
    currency: z.string(),
    aggregationType: z.string(),
    formattedTaxType: z.string().nullish(),
    main: z.looseObject({ amount: z.number(), formattedAmount: z.string() }),
  }),
  mealPlan: z.looseObject({ code: z.string() }),
  lengthOfStay: z.looseObject({ value: z.number().int() }),
});

export const OffersAnswer = z.looseObject({
  data: z
    .looseObject({
      hotelOffers: z
        .looseObject({
          availability: z.looseObject({ status: z.string() }),
          offersSelection: z.looseObject({ offers: z.array(Offer).nullish() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  errors: z.array(z.looseObject({ message: z.string() })).optional(),
});
export type OffersAnswer = z.infer<typeof OffersAnswer>;

/** A hit placed around the search centre: metres away, from the hit's own coordinates. */
export interface Candidate {
  hit: Hit;
  meters: number;
}

/** Great-circle distance in metres. @example metersBetween({ latitude: 48.85, longitude: 2.35 }, { latitude: 48.86, longitude: 2.35 }) // ≈ 1112 */
export function metersBetween(a: Centre, b: Centre): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The hits within the radius, nearest first, each with its distance from the centre: from the hit's
 * coordinates, else the index's own geo distance; a hit with neither cannot be placed and is left out.
 * @example candidates(answer.hits, { latitude: 48.85, longitude: 2.35 }, 5_000)[0].meters // 412
 */
export function candidates(hits: Hit[], centre: Centre, radiusMeters: number): Candidate[] {
  return hits
    .flatMap((hit) => {
      const gps = hit.localization.gps;
      const meters = gps
        ? metersBetween(centre, { latitude: gps.lat, longitude: gps.lng })
        : hit._rankingInfo?.geoDistance;
      return meters === undefined || meters > radiusMeters ? [] : [{ hit, meters }];
    })
    .sort((a, b) => a.meters - b.meters);
}

/**
 * The back end's refusal for one hotel, as an upstream error naming the operation; nothing otherwise.
 * @example offersRefusal({ errors: [{ message: 'Hotel not found' }] }, 'B7K2', 200)?.message
 */
export function offersRefusal(
  answer: OffersAnswer,
  hotelId: string,
  status: number,
): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error && answer.data?.hotelOffers) return undefined;
  return new UpstreamError(
    'chain_b',
    `HotelPageHot for hotel ${hotelId} was refused: ${error?.message ?? 'no hotelOffers'}`,
    status,
  );
}

/**
 * The cheapest priced offer of an available hotel, or null. An amount aggregated per night is the
 * nightly price; any other aggregation (the stay) is the total.
 * @example bestOffer(answer) // { currency: 'EUR', amount: 412.8, per_night: 206.4, total: 412.8, aggregation_type: 'TOTAL_STAY', … }
 */
export function bestOffer(answer: OffersAnswer): BestOffer | null {
  const offers = answer.data?.hotelOffers;
  if (offers?.availability.status !== 'AVAILABLE') return null;
  const priced = (offers.offersSelection?.offers ?? []).filter((o) => o.pricing.main.amount > 0);
  const best = priced.reduce<(typeof priced)[number] | undefined>(
    (min, o) => (!min || o.pricing.main.amount < min.pricing.main.amount ? o : min),
    undefined,
  );
  if (!best) return null;
  const { amount } = best.pricing.main;
  const nights = best.lengthOfStay.value;
  const nightly = /NIGHT/i.test(best.pricing.aggregationType);
  const round = (n: number) => Math.round(n * 100) / 100;
  return conform(
    'chain_b',
    BestOffer,
    {
      currency: best.pricing.currency,
      amount,
      per_night: nightly ? amount : round(amount / nights),
      total: nightly ? round(amount * nights) : amount,
      aggregation_type: best.pricing.aggregationType,
      formatted: best.pricing.main.formattedAmount,
      tax_summary: best.pricing.formattedTaxType ?? '',
      meal_plan: best.mealPlan.code,
      nights,
    },
    'the best offer',
  );
}

/**
 * A hotel in the contract's terms, from its hit, its distance and its best offer.
 * @example toHotel({ hit, meters: 412.4 }, offer).distance_feet // 1352
 */
export function toHotel({ hit, meters }: Candidate, offer: BestOffer | null): ChainBHotel {
  const address = hit.localization.address;
  const distance = Math.round(meters);
  return conform(
    'chain_b',
    ChainBHotel,
    {
      id: hit.objectID,
      name: hit.name,
      brand: { code: hit.brand, name: hit.brandLabel },
      lodging: { code: hit.lodging.code, name: hit.lodging.label },
      stars: hit.stars,
      rating: hit.rating?.score ?? null,
      review_count: hit.rating?.nbReviews ?? null,
      amenities: (hit.freeAmenities ?? []).map((a) => (typeof a === 'string' ? a : a.code)),
      address: {
        street: address.street ?? '',
        city: address.city,
        postal_code: address.zipCode ?? '',
        country: address.country,
        country_code: address.countryCode,
      },
      distance_meters: distance,
      distance_feet: Math.round(distance * 3.28084),
      availability_status: offer ? 'AVAILABLE' : 'UNAVAILABLE',
      best_offer: offer,
    },
    'a hotel',
  );
}
