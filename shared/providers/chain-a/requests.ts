/**
 * chain_a's real requests: the web app's offers API, `POST /availability/v3/hotels/offers?fieldset=…` on
 * the `api` origin, for one hotel (rooms) or around a point (search); and its profile API on the same
 * origin, one hotel's profile (details) or a batch of names and brands (search). The web-app key and the
 * header that carries it are provider configuration, and so is the prefix of the app's own headers (they
 * name the brand: `operations.header_prefix` in the live profile); the session and transaction ids are fresh UUIDs, kept out of the cache key. Cash rates and reward nights are two
 * answers: the evidence (saved answers) shows cash offers only without a rate filter, and the reward
 * plan is asked for by its code. The search by coordinates asks for the reward plan in its one call:
 * the summary then carries the points prices beside the cash ones (PointLens, an anonymous replay).
 */
import { randomUUID } from 'node:crypto';
import type { SourceRequest } from '../../upstream/client.ts';
import { operationId, requiredOperation, siteOrigin } from '../../upstream/providers.ts';
import { ANSWERED_ERROR_STATUSES, REWARD_RATE_PLAN } from './offers-answer.ts';

export { REWARD_RATE_PLAN };

/**
 * The reward plan's code as asked for: configuration (`operations.reward_rate_plan`), the code on record by
 * default (older variants of it were retired).
 * @example rewardRatePlan() // 'IVANI'
 */
export function rewardRatePlan(): string {
  return operationId('chain_a', 'reward_rate_plan', REWARD_RATE_PLAN);
}

/** The rate filter that asks for reward nights. */
const rewardRates = () => ({ ratePlanCodes: [{ internal: rewardRatePlan() }] });

/** The fields the answer must carry: rate details (offers) and their policies (cancellation text). */
export const OFFERS_FIELDSET = 'rateDetails,rateDetails.policies,rateDetails.bonusRates,rateDetails.upsells';
/** The product code of a sleeping room. */
const SLEEPING_ROOM = 'SR';

export interface Stay {
  hotelCode: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  /** Per room. */
  adults: number;
  /** Per room. */
  children: number;
  rooms: number;
}

/** Cash rates, or reward nights. */
export type OffersKind = 'cash' | 'reward';

/**
 * The offers request for one property and stay; `reward` asks for the reward-nights plan only.
 * @example offersRequest({ hotelCode: 'ASPAR0', checkIn: '2030-06-01', checkOut: '2030-06-03', nights: 2, adults: 2, children: 0, rooms: 1 }, 'cash').body // { json: { startDate: '2030-06-01', … } }
 */
export function offersRequest(stay: Stay, kind: OffersKind): SourceRequest {
  const guestCounts = [{ otaCode: 'AQC10', count: stay.adults }];
  if (stay.children > 0) guestCounts.push({ otaCode: 'AQC8', count: stay.children });
  const body = {
    startDate: stay.checkIn,
    endDate: stay.checkOut,
    hotelMnemonics: [stay.hotelCode],
    products: [
      {
        productCode: SLEEPING_ROOM,
        startDate: stay.checkIn,
        endDate: stay.checkOut,
        quantity: stay.rooms,
        guestCounts,
      },
    ],
    ...(kind === 'reward' ? { rates: rewardRates() } : {}),
    options: {
      disabilityMode: 'ACCESSIBLE_AND_NON_ACCESSIBLE',
      returnAdditionalRatePlanDescriptions: true,
      // As the site asks (late 2026): package plans say what they include, taxes say what they are.
      rateDetails: { includePackageDetails: true, returnDetailedTaxDescriptions: true },
    },
  };
  return offersCall(
    OFFERS_FIELDSET,
    body,
    `offers ${kind === 'reward' ? rewardRatePlan() : kind} ${stay.hotelCode} ${stay.checkIn} ${stay.checkOut} ${stay.adults} ${stay.children} ${stay.rooms}`,
  );
}

/** The offers endpoint, which the property and the geo searches share: only the fieldset and body differ. */
function offersCall(fieldset: string, body: object, cacheKey: string): SourceRequest {
  return {
    provider: 'chain_a',
    origin: 'api',
    method: 'POST',
    path: '/availability/v3/hotels/offers',
    query: { fieldset },
    headers: appHeaders(false),
    body: { json: body },
    safe: true,
    // An unknown hotel and a stay without rooms come as these statuses with error codes (extract.ts).
    passStatuses: ANSWERED_ERROR_STATUSES,
    cacheKey,
    expect: 'json',
    cache: 'prices',
  };
}

/** The profile fields the details read (the site asks for these; `contact` and `policies` are read tolerantly). */
export const PROFILE_FIELDSET =
  'brandInfo,profile,address,contact,policies,location,facilities,parking,tax,services,marketing';

/** Headers of the web app's calls: fresh ids, the site as origin; the profile host wants the fetch metadata too. */
function appHeaders(profiles: boolean): Record<string, string> {
  const prefix = requiredOperation('chain_a', 'header_prefix');
  return {
    [`${prefix}-language`]: 'en-US',
    [`${prefix}-sessionid`]: randomUUID(),
    [`${prefix}-transactionid`]: randomUUID(),
    origin: siteOrigin('chain_a'),
    referer: `${siteOrigin('chain_a')}/`,
    // The profile host refuses calls without them (the 2026 skill file; real-sources §16).
    ...(profiles ? { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site' } : {}),
  };
}

/**
 * One hotel's profile (`GET /hotels/v1/profiles/{code}/details`); the path version is configuration
 * (`operations.profile_version`: the site called v3 in 2026-06, the clients v1).
 * @example profileRequest('ASPAR0').path // '/hotels/v1/profiles/ASPAR0/details'
 */
export function profileRequest(hotelCode: string): SourceRequest {
  const version = operationId('chain_a', 'profile_version', 'v1');
  return {
    provider: 'chain_a',
    origin: 'api',
    method: 'GET',
    path: `/hotels/${version}/profiles/${encodeURIComponent(hotelCode)}/details`,
    query: { fieldset: PROFILE_FIELDSET },
    headers: appHeaders(true),
    passStatuses: ANSWERED_ERROR_STATUSES,
    cacheKey: `profile ${hotelCode}`,
    expect: 'json',
    cache: 'ids',
  };
}

/**
 * The names and brands of several hotels in one call (`POST /hotels/v1/profiles/details`, a JSON array
 * of codes). Codes are sent sorted, so one set of hotels is one cache entry.
 * @example profilesRequest(['ASPAR0', 'AULYO0']).body // { json: ['ASPAR0', 'AULYO0'] }
 */
export function profilesRequest(hotelCodes: string[]): SourceRequest {
  const codes = [...new Set(hotelCodes)].sort();
  return {
    provider: 'chain_a',
    origin: 'api',
    method: 'POST',
    path: '/hotels/v1/profiles/details',
    query: { fieldset: 'profile,brandInfo' },
    headers: appHeaders(true),
    body: { json: codes },
    safe: true,
    cacheKey: `profiles ${codes.join(',')}`,
    expect: 'json',
    cache: 'ids',
  };
}

/** A search near a point for a stay. */
export interface GeoStay {
  latitude: number;
  longitude: number;
  radiusKm: number;
  checkIn: string;
  checkOut: string;
  /** Per room. */
  adults: number;
  rooms: number;
}

/** The summary the geo search answers: per-hotel lowest prices and their ranges (no rate details). */
export const GEO_FIELDSET = 'summary,summary.rateRanges';

/**
 * The offers call by coordinates: `geoLocation` (an array, which excludes `hotelMnemonics`), a straight
 * line radius in kilometres, the stay, the party and the reward plan (without it the summary has no
 * points prices).
 * @example geoOffersRequest({ latitude: 48.85, longitude: 2.35, radiusKm: 25, checkIn: '2030-06-01', checkOut: '2030-06-03', adults: 1, rooms: 1 }).body // { json: { geoLocation: [{ latitude: 48.85, longitude: 2.35 }], …, rates: { ratePlanCodes: [{ internal: 'IVANI' }] } } }
 */
export function geoOffersRequest(q: GeoStay): SourceRequest {
  const body = {
    geoLocation: [{ latitude: q.latitude, longitude: q.longitude }],
    radius: q.radiusKm,
    distanceUnit: 'KM',
    distanceType: 'STRAIGHT_LINE',
    startDate: q.checkIn,
    endDate: q.checkOut,
    products: [
      {
        productCode: SLEEPING_ROOM,
        startDate: q.checkIn,
        endDate: q.checkOut,
        quantity: q.rooms,
        guestCounts: [{ otaCode: 'AQC10', count: q.adults }],
      },
    ],
    rates: rewardRates(),
  };
  return offersCall(
    GEO_FIELDSET,
    body,
    `geo ${rewardRatePlan()} ${q.latitude} ${q.longitude} ${q.radiusKm} ${q.checkIn} ${q.checkOut} ${q.adults} ${q.rooms}`,
  );
}
