/**
 * chain_a's real request: the web app's offers API, `POST /availability/v3/hotels/offers?fieldset=…` on
 * the `api` origin. The web-app key (`x-ihg-api-key`) is provider configuration; the session and
 * transaction ids are fresh UUIDs, kept out of the cache key. Cash rates and reward nights are two
 * answers: the evidence (saved answers) shows cash offers only without a rate filter, and the reward
 * plan is asked for by its code.
 */
import { randomUUID } from 'node:crypto';
import type { SourceRequest } from '../tokens.ts';
import { providerConfig } from '../../upstream/providers.ts';
import { ANSWERED_ERROR_STATUSES, REWARD_RATE_PLAN } from './extract.ts';

export { REWARD_RATE_PLAN };

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

/** The public site, which the web app sends as Origin and Referer. */
function siteOrigin(): string {
  return `https://${providerConfig('chain_a').hosts[0] ?? 'localhost'}`;
}

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
    ...(kind === 'reward' ? { rates: { ratePlanCodes: [{ internal: REWARD_RATE_PLAN }] } } : {}),
    options: {
      disabilityMode: 'ACCESSIBLE_AND_NON_ACCESSIBLE',
      returnAdditionalRatePlanDescriptions: true,
      // As the site asks (late 2026): package plans say what they include, taxes say what they are.
      rateDetails: { includePackageDetails: true, returnDetailedTaxDescriptions: true },
    },
  };
  return {
    provider: 'chain_a',
    origin: 'api',
    method: 'POST',
    path: '/availability/v3/hotels/offers',
    query: { fieldset: OFFERS_FIELDSET },
    headers: {
      'ihg-language': 'en-US',
      'ihg-sessionid': randomUUID(),
      'ihg-transactionid': randomUUID(),
      origin: siteOrigin(),
      referer: `${siteOrigin()}/`,
    },
    body: { json: body },
    safe: true,
    // An unknown hotel and a stay without rooms come as these statuses with error codes (extract.ts).
    passStatuses: ANSWERED_ERROR_STATUSES,
    cacheKey: `offers ${kind} ${stay.hotelCode} ${stay.checkIn} ${stay.checkOut} ${stay.adults} ${stay.children} ${stay.rooms}`,
    expect: 'json',
    cache: 'prices',
  };
}
