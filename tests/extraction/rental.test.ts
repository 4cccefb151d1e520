// rental's extractors on fixtures in the real formats of the listing page's deferred state and the
// sections API (written fresh, invented values), and the requests they are read from.
import { describe, expect, it } from '@jest/globals';
import { extractDetails } from '../../shared/providers/rental/extract-details.ts';
import { extractQuote } from '../../shared/providers/rental/extract-quote.ts';
import {
  currencySymbol,
  parsePrice,
  PdpAnswer,
  sectionsRefusal,
} from '../../shared/providers/rental/extract.ts';
import { pdpFromPage } from '../../shared/providers/rental/page.ts';
import { sectionsRequest } from '../../shared/providers/rental/requests.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureText } from '../helpers/fixtures.ts';

const text = (name: string) => fixtureText('rental', name);
const answer = (name: string) => PdpAnswer.parse(JSON.parse(text(name)));
const sections = (name: string) => answer(name).data!.presentation!.stayProductDetailPage!.sections;
const STAY = { nights: 5, adults: 2, currency: 'EUR' };

describe('listing page', () => {
  it('finds the sections payload among the deferred state queries', () => {
    expect(pdpFromPage(text('listing-page.html')).metadata!.sharingConfig!.title).toBe(
      'Sunny loft in Lorvane',
    );
  });

  it('reads title, picture, "4.85 (123)", banner badge, host and guest rules', () => {
    expect(extractDetails(pdpFromPage(text('listing-page.html')))).toEqual({
      title: 'Sunny loft in Lorvane',
      image_url: 'https://img.rental.test/im/pictures/miso/Hosting-40009977/original/5f0c2a1e-9b7d.jpeg',
      rating: '4.85 (123)',
      rating_count: 123,
      badge: 'Guest favorite',
      host_name: 'Ilse',
      max_guests: 4,
      children_allowed: false,
      infants_allowed: false,
      pets_allowed: false,
    });
  });

  it('falls back to Superhost without a banner, and reads what the house rules allow', () => {
    // Prepare: the API's sections plus a host card
    const pdp = sections('sections.json');
    pdp.sections.push(
      { sectionId: 'MEET_YOUR_HOST', section: { cardData: { name: 'Ilse', isSuperhost: true } } },
      { sectionId: 'TITLE_DEFAULT', section: { title: 'Sunny loft in Lorvane' } },
    );
    // Act
    const details = extractDetails(pdp);
    // Assess
    expect(details).toMatchObject({
      badge: 'Superhost',
      children_allowed: true,
      infants_allowed: false,
      pets_allowed: true,
    });
  });

  it('states no badge, and no pets rule, as null: never an empty badge or pets refused by default', () => {
    // Prepare: no banner, a host who is not a Superhost, house rules silent on pets
    const pdp = sections('sections.json');
    const policies = pdp.sections.find((s) => s.sectionId === 'POLICIES_DEFAULT')!;
    policies.section = {
      houseRules: [{ title: 'Check-in after 4:00 PM' }, { title: 'No parties or events' }],
    };
    pdp.sections.push(
      { sectionId: 'MEET_YOUR_HOST', section: { cardData: { name: 'Ansgar', isSuperhost: false } } },
      { sectionId: 'TITLE_DEFAULT', section: { title: 'Quiet studio by the weir' } },
    );
    // Act
    const details = extractDetails(pdp);
    // Assess
    expect(details).toMatchObject({
      badge: null,
      pets_allowed: null,
      children_allowed: true,
      infants_allowed: true,
    });
  });

  it('states the guest rules as null when the listing shows no house rule at all', () => {
    // Prepare
    const pdp = sections('sections.json');
    pdp.sections.find((s) => s.sectionId === 'POLICIES_DEFAULT')!.section = { houseRules: [] };
    pdp.sections.push(
      { sectionId: 'MEET_YOUR_HOST', section: { cardData: { name: 'Ansgar' } } },
      { sectionId: 'TITLE_DEFAULT', section: { title: 'Quiet studio by the weir' } },
    );
    // Act
    const details = extractDetails(pdp);
    // Assess
    expect(details).toMatchObject({
      badge: null,
      children_allowed: null,
      infants_allowed: null,
      pets_allowed: null,
    });
  });

  it('states no rating for a listing that shows none: no star rating or no count is null, never "0.00 (0)"', () => {
    // Prepare: the page without its star rating, then without its count as well
    const page = text('listing-page.html');
    const noStars = page.replace(/"starRating":\s*[\d.]+,?/, '');
    const noCount = noStars.replace(/,\s*"reviewCount":\s*\d+/, '');
    // Act
    const [unrated, uncounted] = [noStars, noCount].map((p) => extractDetails(pdpFromPage(p)));
    // Assess
    expect(unrated!.rating).toBeNull();
    expect(unrated!.rating_count).toBe(extractDetails(pdpFromPage(page)).rating_count);
    expect([uncounted!.rating, uncounted!.rating_count]).toEqual([null, null]);
  });

  it('reads a listing without a host card, house rules, picture or capacity: those are null, not a 502', () => {
    // Prepare: the page without its host card and its policies section, its share data without the picture
    // and the capacity (both optional upstream); the title is still there
    const pdp = pdpFromPage(text('listing-page.html'));
    pdp.sections = pdp.sections.filter((s) => !['MEET_YOUR_HOST', 'POLICIES_DEFAULT'].includes(s.sectionId));
    delete pdp.metadata!.sharingConfig!.imageUrl;
    delete pdp.metadata!.sharingConfig!.personCapacity;
    // Act
    const details = extractDetails(pdp);
    // Assess
    expect(details).toEqual({
      title: 'Sunny loft in Lorvane',
      image_url: null,
      rating: '4.85 (123)',
      rating_count: 123,
      badge: 'Guest favorite',
      host_name: null,
      max_guests: null,
      children_allowed: null,
      infants_allowed: null,
      pets_allowed: null,
    });
  });

  it.each(['metadata', 'sharingConfig'])(
    'reads a listing whose share card is missing (no %s): picture, rating and capacity null, not a 502',
    (key) => {
      // Prepare: the page's share data gone; the title, banner and rules are still there
      const page = text('listing-page.html').replace(`"${key}"`, `"${key}Gone"`);
      // Act
      const details = extractDetails(pdpFromPage(page));
      // Assess
      expect(details).toMatchObject({
        title: 'Sunny loft in Lorvane',
        image_url: null,
        rating: null,
        rating_count: null,
        max_guests: null,
        badge: 'Guest favorite',
      });
    },
  );

  it('reads a host card without the name, and a banner without its title, as not shown', () => {
    // Prepare: a Superhost card that lost its name, a banner that lost its title
    const pdp = sections('sections.json');
    pdp.sections.push(
      { sectionId: 'MEET_YOUR_HOST', section: { cardData: { isSuperhost: true } } },
      { sectionId: 'GUEST_FAVORITE_BANNER', section: { title: null } },
      { sectionId: 'TITLE_DEFAULT', section: { title: 'Quiet studio by the weir' } },
    );
    // Act
    const details = extractDetails(pdp);
    // Assess
    expect(details).toMatchObject({ title: 'Quiet studio by the weir', host_name: null, badge: 'Superhost' });
  });

  it.each([
    [
      'without the deferred state',
      (p: string) => p.replace('data-deferred-state-0', 'data-deferred-state-1'),
    ],
    ['without the sections result', (p: string) => p.replace(/stayProductDetailPage/g, 'otherPage')],
    ['without a title', (p: string) => p.replace(/"TITLE_DEFAULT"/g, '"X"')],
  ])('fails as an extraction error %s', (_case, change) => {
    expect(() => extractDetails(pdpFromPage(change(text('listing-page.html'))))).toThrow(ExtractionError);
  });
});

describe('sections answer', () => {
  it('prices the stay from the breakdown, the total being its sum', () => {
    // Act
    const quote = extractQuote(sections('sections.json'), STAY);
    // Assess
    expect(quote).toEqual({
      kind: 'priced',
      pricing: {
        nights: 5,
        currency: 'EUR',
        nightly_rate: 180,
        accommodation_total: 900,
        service_fee: 127.79,
        total: 1059.15,
        total_formatted: 'EUR1059.15',
        breakdown: [
          { type: 'ACCOMMODATION', description: '5 nights x €180.00', amount: 900 },
          { type: 'DISCOUNT', description: 'Weekly stay discount', amount: -38 },
          { type: 'CLEANING_FEE', description: 'Cleaning fee', amount: 45 },
          { type: 'SERVICE_FEE', description: 'Service fee', amount: 127.79 },
          { type: 'TAXES', description: 'Taxes', amount: 24.36 },
        ],
      },
    });
  });

  it('derives TOO_MANY_GUESTS from the listing capacity, before any price', () => {
    expect(extractQuote(sections('sections.json'), { ...STAY, adults: 5 })).toEqual({
      kind: 'unavailable',
      reason: 'TOO_MANY_GUESTS',
      maxGuests: 4,
    });
  });

  it.each(['metadata', 'sharingConfig'])(
    'prices a stay whose answer lacks the share card (no %s), the capacity then from the book-it section',
    (key) => {
      // Prepare
      const body = text('sections.json').replace(`"${key}"`, `"${key}Gone"`);
      const pdp = PdpAnswer.parse(JSON.parse(body)).data!.presentation!.stayProductDetailPage!.sections;
      // Act
      const priced = extractQuote(pdp, STAY);
      const crowded = extractQuote(pdp, { ...STAY, adults: 5 });
      // Assess
      expect(priced).toMatchObject({ kind: 'priced', pricing: { total: 1059.15 } });
      expect(crowded).toEqual({ kind: 'unavailable', reason: 'TOO_MANY_GUESTS', maxGuests: 4 });
    },
  );

  it("derives DATES_UNAVAILABLE from the book-it section's unavailability message", () => {
    expect(extractQuote(sections('sections-unavailable.json'), STAY)).toEqual({
      kind: 'unavailable',
      reason: 'DATES_UNAVAILABLE',
      message: 'Those dates are not available',
    });
  });

  it('reports the currency shown when the source priced in another one', () => {
    expect(extractQuote(sections('sections.json'), { ...STAY, currency: 'USD' })).toEqual({
      kind: 'other-currency',
      shown: '€',
    });
  });

  it('refuses a breakdown that does not add up to the total shown', () => {
    // Prepare
    const pdp = sections('sections.json');
    const bookIt = pdp.sections[0]!.section as {
      structuredDisplayPrice: { explanationData: { priceDetails: { items: unknown[] }[] } };
    };
    bookIt.structuredDisplayPrice.explanationData.priceDetails[0]!.items.pop();
    // Act, Assess
    expect(() => extractQuote(pdp, STAY)).toThrow(/adds up to 1034.79/);
  });

  it('names the persisted query hash to update when the source does not know it', () => {
    // Act
    const error = sectionsRefusal(answer('persisted-query-not-found.json'), 200, 'abc123');
    // Assess
    expect(error!.message).toContain('StaysPdpSections persisted query abc123 is unknown');
    expect(error!.message).toContain('operations.stays_pdp_sections');
  });

  it('has no page for a listing the source does not have', () => {
    expect(answer('listing-missing.json').data!.presentation!.stayProductDetailPage).toBeNull();
  });
});

describe('prices as the en locale writes them', () => {
  it.each([
    ['€1,234.50', 1234.5, '€'],
    ['-€38.00', -38, '€'],
    ['−$20', -20, '$'],
    ['CHF\u00a0120.00', 120, 'CHF'],
    ['¥45,012', 45012, '¥'],
    ['CA$99.10', 99.1, 'CA$'],
  ])('reads %s', (shown, amount, symbol) => {
    expect(parsePrice(shown)).toEqual({ amount, symbol });
  });

  it.each(['', 'Free', '€', '1.234,50 €'])('does not read %j as a price', (shown) => {
    expect(parsePrice(shown)).toBeUndefined();
  });

  it('knows the sign each currency is shown with', () => {
    expect(['USD', 'EUR', 'GBP', 'JPY', 'CAD'].map(currencySymbol)).toEqual(['$', '€', '£', '¥', 'CA$']);
  });
});

describe('sections request', () => {
  it('sends the configured hash in the path and the extensions, and the stay as the web app does', () => {
    // Prepare
    useProviders({
      rental: {
        baseUrl: 'https://rental.example',
        operations: {
          stays_pdp_sections: 'a'.repeat(64),
          graphql_header_prefix: 'x-rental-graphql',
          stays_pdp_sections_flags: '{"includeHotelFragments":false,"includeGpTitleFragment":true}',
        },
      },
    });
    // Act
    const req = sectionsRequest(
      '40009977',
      { checkIn: '2030-06-01', checkOut: '2030-06-06', adults: 2, children: 0, infants: 0, pets: 0 },
      'EUR',
    );
    // Assess
    expect(req.method ?? 'GET').toBe('GET');
    expect(req).toMatchObject({
      path: `/api/v3/StaysPdpSections/${'a'.repeat(64)}`,
      session: true,
    });
    const q = req.query as Record<string, string>;
    expect(q).toMatchObject({ operationName: 'StaysPdpSections', locale: 'en', currency: 'EUR' });
    expect(JSON.parse(q.extensions!)).toEqual({ persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } });
    const v = JSON.parse(q.variables!);
    expect(Buffer.from(v.id, 'base64').toString()).toBe('StayListing:40009977');
    // The priced query's eight sections, as the web app asks (real-sources §15), not two
    expect(v.pdpSectionsRequest).toMatchObject({
      adults: '2',
      children: '0',
      checkIn: '2030-06-01',
      sectionIds: [
        'BOOK_IT_FLOATING_FOOTER',
        'POLICIES_DEFAULT',
        'BOOK_IT_SIDEBAR',
        'URGENCY_COMMITMENT_SIDEBAR',
        'BOOK_IT_NAV',
        'URGENCY_COMMITMENT',
        'CANCELLATION_POLICY_PICKER_MODAL',
        'BOOK_IT_CALENDAR_SHEET',
      ],
    });
    expect(v).toMatchObject({ includeHotelFragments: false, includeGpTitleFragment: true });
    expect(req.headers).toMatchObject({
      'x-rental-graphql-platform': 'web',
      'x-rental-graphql-platform-client': 'minimalist-niobe',
    });
  });

  it('sends the configured section ids, and refuses fragment flags that are not a JSON object of booleans', () => {
    // Prepare
    const stay = {
      checkIn: '2030-06-01',
      checkOut: '2030-06-06',
      adults: 2,
      children: 0,
      infants: 0,
      pets: 0,
    };
    const operations = {
      stays_pdp_sections: 'a'.repeat(64),
      graphql_header_prefix: 'x-rental-graphql',
      stays_pdp_sections_ids: 'BOOK_IT_SIDEBAR, POLICIES_DEFAULT',
    };
    useProviders({ rental: { baseUrl: 'https://rental.example', operations } });
    // Act
    const v = JSON.parse(
      (sectionsRequest('40009977', stay, 'EUR').query as Record<string, string>).variables!,
    );
    useProviders({
      rental: {
        baseUrl: 'https://rental.example',
        operations: { ...operations, stays_pdp_sections_flags: '[true]' },
      },
    });
    // Assess
    expect(v.pdpSectionsRequest.sectionIds).toEqual(['BOOK_IT_SIDEBAR', 'POLICIES_DEFAULT']);
    expect(() => sectionsRequest('40009977', stay, 'EUR')).toThrow(/operations\.stays_pdp_sections_flags/);
  });
});
