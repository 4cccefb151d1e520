// rental's late-2026 formats (real-sources §15), on fixtures written fresh with invented values: placeholder
// sections read through to sbuiData, the listing name rather than the share caption, the overview, monthly
// pricing, lakh-grouped prices, the stale-hash answer, and listing URLs with ids above 2^53.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { extractDetails } from '../../shared/providers/rental/extract-details.ts';
import { extractOverview } from '../../shared/providers/rental/extract-overview.ts';
import { extractQuote } from '../../shared/providers/rental/extract-quote.ts';
import { parsePrice, PdpAnswer } from '../../shared/providers/rental/extract.ts';
import { pdpFromPage } from '../../shared/providers/rental/page.ts';
import { listingPageRequest, sectionsRequest } from '../../shared/providers/rental/requests.ts';
import { encodedListingId, listingIdOf } from '../../shared/providers/rental/urls.ts';
import { DisallowedUrlError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';

const text = (name: string) => fixtureText('rental', name);
const sections = (name: string) =>
  PdpAnswer.parse(JSON.parse(text(name))).data!.presentation!.stayProductDetailPage!.sections;
const placeholders = () => pdpFromPage(text('listing-page-placeholders.html'));

describe('a page with placeholder sections', () => {
  it('reads the overview through the placeholder to its sbuiData: a studio, 1.5 baths, plain text', () => {
    // Act
    const overview = extractOverview(placeholders());
    // Assess
    expect(overview).toEqual({
      title: 'Quiet studio by the Lorvane canal',
      description:
        'A bright studio on the quiet side of the canal.\n\nThe space\nOne open room & a kitchenette, 5 minutes from the old bridge.',
      guests: 3,
      bedrooms: null,
      beds: 2,
      baths: 1.5,
      raw_items: ['3 guests', 'Studio', '2 beds', '1.5 baths'],
      room_arrangements: [{ title: 'Living area', subtitle: '1 double bed, 1 sofa bed' }],
    });
  });

  it('names the listing by its title section, not by the share caption, and reads the banner through its placeholder', () => {
    // Act
    const details = extractDetails(placeholders());
    // Assess
    expect(details.title).toBe('Quiet studio by the Lorvane canal');
    expect(details.title).not.toContain('·');
    expect(details.badge).toBe('Guest favorite');
    expect(details).toMatchObject({
      host_name: 'Odile',
      max_guests: 3,
      pets_allowed: true,
      rating: '4.91 (57)',
    });
  });

  it('leaves out summary items and rooms without a title, and counts a title that went missing', () => {
    // Prepare: one summary item loses its title altogether
    const page = text('listing-page-placeholders.html').replace(
      '{"__typename": "BasicListItem", "title": "2 beds"}',
      '{"__typename": "BasicListItem", "title": "2 beds"}, {"__typename": "BasicListItem", "icon": "BED"}',
    );
    // Act
    const { value: overview, drift: seen } = withDrift(() => extractOverview(pdpFromPage(page)));
    // Assess: the items with a null or no title are no summary string; the room without one is no room
    expect(overview.raw_items).toEqual(['3 guests', 'Studio', '2 beds', '1.5 baths']);
    expect(overview.room_arrangements).toHaveLength(1);
    expect(seen).toContainEqual(
      expect.objectContaining({ provider: 'rental', kind: 'missing', field: 'overviewItems[].title' }),
    );
  });

  it.each([
    ['without the title section', (p: string) => p.replace('"TITLE_DEFAULT"', '"TITLE_OTHER"')],
    [
      'with a title that is not text',
      (p: string) => p.replace('"title": "Quiet studio by the Lorvane canal"', '"title": 42'),
    ],
  ])('fails as an extraction error %s', (_case, change) => {
    expect(() => extractOverview(pdpFromPage(change(text('listing-page-placeholders.html'))))).toThrow(
      ExtractionError,
    );
  });

  it('reads optional parts as absent: no description, no sleeping arrangements, guests from the capacity', () => {
    // Prepare: the description and sleeping sections gone, the guests item gone
    const page = text('listing-page-placeholders.html')
      .replace('"DESCRIPTION_DEFAULT"', '"DESCRIPTION_GONE"')
      .replaceAll('"SLEEPING_ARRANGEMENT_WITH_IMAGES"', '"SLEEPING_GONE"')
      .replace('{"__typename": "BasicListItem", "title": "3 guests"}, ', '');
    // Act
    const overview = extractOverview(pdpFromPage(page));
    // Assess
    expect(overview).toMatchObject({ description: null, room_arrangements: null, guests: 3 });
  });

  it('reads the overview of a page without its share card: the counts from the summary items', () => {
    // Prepare
    const page = text('listing-page-placeholders.html').replace('"metadata"', '"metadataGone"');
    // Act
    const overview = extractOverview(pdpFromPage(page));
    // Assess
    expect(overview).toMatchObject({
      title: 'Quiet studio by the Lorvane canal',
      guests: 3,
      beds: 2,
      baths: 1.5,
    });
  });

  it('reads a summary section without its items as none, a sleeping section without its rooms as not shown', () => {
    // Prepare: the sections are there, their lists are not
    const page = text('listing-page-placeholders.html')
      .replace('"overviewItems"', '"overviewItemsGone"')
      .replace('"arrangementDetails"', '"arrangementDetailsGone"');
    // Act
    const overview = extractOverview(pdpFromPage(page));
    // Assess
    expect(overview).toMatchObject({
      title: 'Quiet studio by the Lorvane canal',
      raw_items: [],
      bedrooms: null,
      beds: null,
      baths: null,
      room_arrangements: null,
    });
  });

  it('reads counts the page does not state as null, never 0: the listing is still named', () => {
    // Prepare: the beds and baths items say nothing countable
    const page = text('listing-page-placeholders.html')
      .replace('"2 beds"', '"2 sofas"')
      .replace('"1.5 baths"', '"a tub"');
    // Act
    const overview = extractOverview(pdpFromPage(page));
    // Assess
    expect(overview).toMatchObject({ title: 'Quiet studio by the Lorvane canal', beds: null, baths: null });
    expect(overview.raw_items).toEqual(['3 guests', 'Studio', '2 sofas', 'a tub']);
  });
});

describe('monthly pricing', () => {
  const MONTH = { nights: 28, adults: 2, currency: 'EUR' };

  it('prices a 28-night stay: the average monthly price as accommodation, the discount negative, the explanation not summed', () => {
    // Act
    const quote = extractQuote(sections('sections-monthly.json'), MONTH);
    // Assess
    expect(quote).toEqual({
      kind: 'priced',
      pricing: {
        nights: 28,
        currency: 'EUR',
        nightly_rate: 105,
        accommodation_total: 2940,
        service_fee: 0,
        total: 2787.18,
        total_formatted: 'EUR2787.18',
        breakdown: [
          { type: 'ACCOMMODATION', description: 'Average monthly price', amount: 2940 },
          { type: 'DISCOUNT', description: 'Monthly stay discount', amount: -294 },
          { type: 'CLEANING_FEE', description: 'Cleaning fee', amount: 60 },
          { type: 'TAXES', description: 'Taxes', amount: 81.18 },
        ],
      },
    });
  });
});

describe("every locale's digit grouping", () => {
  it.each([
    ['₹1,15,430.00', 115430],
    ['₹12,34,567', 1234567],
    ['₹1,23,45,678.50', 12345678.5],
    ['$1,234,567.89', 1234567.89],
    ['€999', 999],
  ])('reads %s', (shown, amount) => {
    expect(parsePrice(shown)?.amount).toBe(amount);
  });

  it.each(['₹1,5,430', '$1,2345', '₹,15,430'])('does not read %j as a price', (shown) => {
    expect(parsePrice(shown)).toBeUndefined();
  });

  it('prices a stay shown in lakhs', () => {
    // Act
    const quote = extractQuote(sections('sections-lakh.json'), { nights: 5, adults: 2, currency: 'INR' });
    // Assess
    expect(quote).toMatchObject({
      kind: 'priced',
      pricing: { total: 115430, nightly_rate: 19800, service_fee: 13930, total_formatted: 'INR115430.00' },
    });
  });
});

describe('the stale-hash answer', () => {
  it('is named as such: no errors, a book-it section with neither a price nor a reason', () => {
    expect(
      extractQuote(sections('sections-stale-hash.json'), { nights: 3, adults: 2, currency: 'EUR' }),
    ).toEqual({
      kind: 'no-price',
      note: 'Add your travel dates for exact pricing',
    });
  });
});

describe('listing URLs and ids above 2^53', () => {
  beforeEach(() => {
    useProviders({
      rental: {
        baseUrl: 'https://www.rental.test',
        hosts: [
          'www.rental.test',
          'rental.test',
          'm.rental.test',
          'www.rental.fr.test',
          'www.rental.co.uk.test',
        ],
        operations: { stays_pdp_sections: 'a'.repeat(64), graphql_header_prefix: 'x-rental-graphql' },
      },
    });
  });

  it.each([
    ['https://www.rental.test/rooms/1234567890123456789', '1234567890123456789'],
    ['https://www.rental.test/rooms/1234567890123456789?check_in=2030-06-01&adults=2', '1234567890123456789'],
    ['https://www.rental.fr.test/rooms/40000001', '40000001'],
    ['https://m.rental.test/rooms/plus/18446744073709551615/', '18446744073709551615'],
    ['https://rental.test/listing/9007199254740993', '9007199254740993'],
    ['www.rental.test/rooms/1300000000000000001', '1300000000000000001'],
    ['https://www.rental.test/rooms/40000001/photos', '40000001'],
    ['https://www.rental.co.uk.test/rooms/1234567890123456789', '1234567890123456789'],
    ['http://www.rental.test/rooms/40000001', '40000001'],
    ['HTTP://WWW.RENTAL.TEST/Rooms/Plus/40000002', '40000002'],
  ])('reads %s digit for digit', (url, id) => {
    expect(listingIdOf(url)).toBe(id);
  });

  it.each([
    'https://www.rental.test/s/Lorvane/homes',
    'https://www.rental.test/experiences/4000',
    'https://www.rental.test/',
  ])('finds no listing in %s', (url) => {
    expect(listingIdOf(url)).toBeUndefined();
  });

  it.each([
    'https://www.other.test/rooms/40000001',
    'https://evil.rental.test.example/rooms/40000001',
    'ftp://www.rental.test/rooms/40000001',
    'http://www.rental.test.example/rooms/40000001',
    'https://user@www.rental.test/rooms/40000001',
    'https://www.rental.test:8443/rooms/40000001',
    'https://www.rental.test/rooms/0123',
  ])('refuses %s as not a rental URL', (url) => {
    expect(() => listingIdOf(url)).toThrow(DisallowedUrlError);
  });

  it('encodes the id as the platform API names it', () => {
    expect(Buffer.from(encodedListingId('1234567890123456789'), 'base64').toString()).toBe(
      'StayListing:1234567890123456789',
    );
  });

  it('keeps the id a decimal string up to the upstream request', () => {
    // Act
    const page = listingPageRequest('9007199254740993');
    const api = sectionsRequest(
      '9007199254740993',
      { checkIn: '2030-06-01', checkOut: '2030-06-06', adults: 2, children: 0, infants: 0, pets: 0 },
      'EUR',
    );
    // Assess: 2^53 + 1, which a double would round to ...992
    expect(page.path).toBe('/rooms/9007199254740993');
    expect(page.query).toEqual({});
    const v = JSON.parse((api.query as Record<string, string>).variables!);
    expect(Buffer.from(v.id, 'base64').toString()).toBe('StayListing:9007199254740993');
    expect(Buffer.from(v.demandStayListingId, 'base64').toString()).toBe(
      'DemandStayListing:9007199254740993',
    );
  });
});
