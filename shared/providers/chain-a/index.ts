/**
 * chain_a: room types, cash rates and reward nights of one property for a stay, from the real offers
 * API. Two checked fetches run together, cash offers and reward-nights offers. chain_a answers an unknown
 * hotel and a stay without rooms with non-2xx error codes (or, in older answers, with no property and a
 * closed property): they become "no such hotel" and the empty stay, never a failure.
 * The hotel profile comes from the profile API; a search near a point from the offers API by coordinates
 * (its per-hotel summary), named by one batch call of the profile API.
 */
import type { ChainAStay } from '../../schemas/chain-a.ts';
import type { ChainAHotelDetails, ChainASearchHotel } from '../../schemas/chain-a-hotels.ts';
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { siteOrigin } from '../../upstream/providers.ts';
import { recordMissing } from '../../extraction/tolerant.ts';
import {
  extractDetails,
  namesOf,
  ProfileCallAnswer,
  profileOutcome,
  ProfilesAnswer,
  type ProfileName,
} from './details.ts';
import { offersOutcome, stayFrom } from './extract.ts';
import { OffersCallAnswer } from './offers-answer.ts';
import {
  geoOffersRequest,
  profileRequest,
  profilesRequest,
  offersRequest,
  rewardRatePlan,
  type GeoStay,
  type Stay,
} from './requests.ts';
import { GeoCallAnswer, geoHotels, geoOutcome, searchHotels } from './search.ts';

export type { GeoStay, Stay } from './requests.ts';

/**
 * The property's rooms for the stay, or undefined when chain_a does not know the code.
 * @example await chainA.rooms(ctx, { hotelCode: 'ASPAR0', checkIn: '2030-06-01', checkOut: '2030-06-03', nights: 2, adults: 2, children: 0, rooms: 1 }) // { currency: 'EUR', brand_code: 'AS', country_code: 'FR', room_types: [...] }
 */
async function rooms(ctx: UpstreamContext, stay: Stay): Promise<ChainAStay | undefined> {
  const [cash, reward] = await Promise.all(
    (['cash', 'reward'] as const).map(async (kind) => {
      // The body is read by status: offers for a 2xx, error codes otherwise (extract.ts).
      // Checked as it loads: a drifted body is never kept (a non-2xx body that is neither fails too).
      const res = await fetchParsed(offersRequest(stay, kind), OffersCallAnswer, ctx, `the ${kind} offers`);
      return offersOutcome(res.status, res.body);
    }),
  );
  return stayFrom(cash!, reward!, stay, rewardRatePlan());
}

/**
 * The hotel's profile, or undefined when chain_a does not know the code.
 * @example await chainA.details(ctx, 'ASPAR0') // { name: 'Aurelia Suites Paris', brand: { code: 'AS', name: 'Aurelia Suites' }, … }
 */
async function details(ctx: UpstreamContext, hotelCode: string): Promise<ChainAHotelDetails | undefined> {
  const res = await fetchParsed(profileRequest(hotelCode), ProfileCallAnswer, ctx, 'the hotel profile');
  const profile = profileOutcome(res.status, res.body);
  return profile && extractDetails(profile, siteOrigin('chain_a'));
}

/**
 * The hotels around a point for the stay, nearest first, with the source's nightly summary prices; none
 * when chain_a has none there. Names come from one batch call of the profile API.
 * @example await chainA.search(ctx, { latitude: 48.85, longitude: 2.35, radiusKm: 25, checkIn: '2030-06-01', checkOut: '2030-06-03', adults: 1, rooms: 1 }) // [{ hotel_code: 'ASPAR0', … }]
 */
async function search(ctx: UpstreamContext, q: GeoStay): Promise<ChainASearchHotel[]> {
  const res = await fetchParsed(geoOffersRequest(q), GeoCallAnswer, ctx, 'the offers near a point');
  const hotels = geoHotels(geoOutcome(res.status, res.body));
  if (hotels.length === 0) return [];
  return searchHotels(
    hotels,
    await names(
      ctx,
      hotels.map((h) => h.hotel_code),
    ),
  );
}

/**
 * The names and brands of hotels from one batch call of the profile API; none when it cannot be read. The
 * profile host has been blocked while the offers host answered (real-sources §8): the prices found are
 * then still answered, with names null (counted as drift), rather than lost to a failed route.
 */
async function names(ctx: UpstreamContext, codes: string[]): Promise<Map<string, ProfileName>> {
  try {
    const res = await fetchParsed(profilesRequest(codes), ProfilesAnswer, ctx, 'the hotel profiles');
    return namesOf(res.body);
  } catch {
    recordMissing('chain_a', '[].profile.name', 'the hotel profiles', codes.length);
    return new Map();
  }
}

/** chain_a, as the handlers use it. */
export const chainA = { rooms, details, search };
