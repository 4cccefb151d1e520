/**
 * rental's real requests: the listing page (`/rooms/{id}`, whose deferred-state script holds the sections
 * payload) and the sections API (`GET /api/v3/StaysPdpSections/<sha256>` with the operation, locale,
 * currency and JSON-encoded `variables` and `extensions` in the query). The API wants the web app's public
 * key in its API-key header: the provider's session bootstrap reads it from the homepage's `api_config`
 * and names the header (live profile), beside the GraphQL platform headers every persisted query carries.
 * The persisted-query hash rotates: configuration (`operations.stays_pdp_sections`); so may the priced
 * query's section ids (`operations.stays_pdp_sections_ids`) and its fragment flags
 * (`operations.stays_pdp_sections_flags`).
 */
import type { SourceRequest } from '../../upstream/client.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { operationId, requiredOperation } from '../../upstream/providers.ts';
import { graphqlHeaders, LOCALE } from './graphql.ts';
import { encodedListingId } from './urls.ts';

export { LOCALE };

/**
 * The sections the web app's priced query asks for (real-sources §15: 8 ids; a 2026 client's list).
 * Configuration may replace them (`operations.stays_pdp_sections_ids`, comma-separated).
 */
const PRICED_SECTION_IDS = [
  'BOOK_IT_FLOATING_FOOTER',
  'POLICIES_DEFAULT',
  'BOOK_IT_SIDEBAR',
  'URGENCY_COMMITMENT_SIDEBAR',
  'BOOK_IT_NAV',
  'URGENCY_COMMITMENT',
  'CANCELLATION_POLICY_PICKER_MODAL',
  'BOOK_IT_CALENDAR_SHEET',
];

/** The section ids the priced query asks for: the configured list, else the web app's. */
function pricedSectionIds(): string[] {
  const configured = operationId('rental', 'stays_pdp_sections_ids', '');
  const ids = configured
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.length > 0 ? ids : PRICED_SECTION_IDS;
}

/**
 * The web app's `include…Fragment` flags of the sections query (real-sources §15: about 40), from
 * configuration as a JSON object of booleans: their names follow the web bundle and name the brand, so
 * none is in code. None configured: none sent.
 */
function fragmentFlags(): Record<string, boolean> {
  const configured = operationId('rental', 'stays_pdp_sections_flags', '');
  if (!configured) return {};
  let flags: unknown;
  try {
    flags = JSON.parse(configured);
  } catch {
    flags = undefined;
  }
  if (
    typeof flags !== 'object' ||
    flags === null ||
    Array.isArray(flags) ||
    !Object.values(flags).every((v) => typeof v === 'boolean')
  )
    throw new UpstreamError('rental', 'operations.stays_pdp_sections_flags is not a JSON object of booleans');
  return flags as Record<string, boolean>;
}

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
 * The priced sections (book-it sidebar, policies and the rest the web app asks with them) for a stay, in
 * the currency asked for, with the web app's fragment flags and GraphQL platform headers. Counts go as
 * strings, as the web app sends them.
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
        ...fragmentFlags(),
        id: encodedListingId(listingId),
        demandStayListingId: Buffer.from(`DemandStayListing:${listingId}`).toString('base64'),
        pdpSectionsRequest: {
          adults: String(stay.adults),
          children: String(stay.children),
          infants: String(stay.infants),
          pets: stay.pets,
          layouts: ['SIDEBAR', 'SINGLE_COLUMN'],
          sectionIds: pricedSectionIds(),
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
        },
      }),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    },
    headers: graphqlHeaders(),
    session: true,
    expect: 'json',
    cache: 'prices',
    // GraphQL refusals may come as HTTP 400 with their `errors[]`.
    passStatuses: [400],
  };
}
