/**
 * rental's real requests: the listing page (`/rooms/{id}`, whose deferred-state script holds the sections
 * payload) and the sections API (`GET /api/v3/StaysPdpSections/<sha256>` with the operation, locale,
 * currency and JSON-encoded `variables` and `extensions` in the query). The API wants the web app's public
 * key in its API-key header: the provider's session bootstrap reads it from the homepage's `api_config`
 * and names the header (live profile). The persisted-query hash rotates: configuration (`operations.stays_pdp_sections`).
 */
import type { SourceRequest } from '../../upstream/client.ts';
import { requiredOperation } from '../../upstream/providers.ts';
import { encodedListingId } from './urls.ts';

/** Prices are parsed as this locale writes them. */
export const LOCALE = 'en';

export interface Guests {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

export interface Stay extends Guests {
  checkIn: string;
  checkOut: string;
}

/** The configured hash of the sections query (it rotates: the live profile has the current one). @example sectionsHash() */
export function sectionsHash(): string {
  return requiredOperation('rental', 'stays_pdp_sections');
}

/**
 * The listing page, for a stay as the site links it, or without dates (the overview needs none). The id
 * goes as the decimal string it came as: ids exceed 2^53.
 * @example listingPageRequest('40000001', { checkIn: '2030-06-01', checkOut: '2030-06-04', adults: 2, children: 0, infants: 0, pets: 0 }).path // '/rooms/40000001'
 */
export function listingPageRequest(listingId: string, stay?: Stay): SourceRequest {
  return {
    provider: 'rental',
    path: `/rooms/${listingId}`,
    query: stay
      ? {
          check_in: stay.checkIn,
          check_out: stay.checkOut,
          adults: stay.adults,
          children: stay.children,
          infants: stay.infants,
          pets: stay.pets,
        }
      : {},
    expect: 'html',
    cache: 'reviews',
    notFoundOk: true,
  };
}

/**
 * The sections the price needs (book-it sidebar, policies) for a stay, in the currency asked for. Counts
 * go as strings, as the web app sends them.
 * @example sectionsRequest('40000001', stay, 'EUR').query.operationName // 'StaysPdpSections'
 */
export function sectionsRequest(listingId: string, stay: Stay, currency: string): SourceRequest {
  const hash = sectionsHash();
  return {
    provider: 'rental',
    path: `/api/v3/StaysPdpSections/${hash}`,
    query: {
      operationName: 'StaysPdpSections',
      locale: LOCALE,
      currency,
      variables: JSON.stringify({
        id: encodedListingId(listingId),
        demandStayListingId: Buffer.from(`DemandStayListing:${listingId}`).toString('base64'),
        pdpSectionsRequest: {
          adults: String(stay.adults),
          children: String(stay.children),
          infants: String(stay.infants),
          pets: stay.pets,
          layouts: ['SIDEBAR', 'SINGLE_COLUMN'],
          sectionIds: ['BOOK_IT_SIDEBAR', 'POLICIES_DEFAULT'],
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
        },
      }),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    },
    session: true,
    expect: 'json',
    cache: 'prices',
    // GraphQL refusals may come as HTTP 400 with their `errors[]`.
    passStatuses: [400],
  };
}
