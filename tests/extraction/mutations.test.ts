// Generated mutation tests of the tolerant readers (docs/connector-guide.md, "Tolerant readers"). For
// every fixture of every connector in the table, the variants come from the connector's own tolerant
// schema, so a field added to a schema is covered without writing a case:
// - an optional field removed everywhere → still extracted, with as many records, the drift naming it;
// - a required field removed everywhere → the route's extraction error, or the entries lacking it skipped;
// - a field one shape of a union requires and another may lack, removed → read as the other, or refused;
// - a field present with a value of a type it does not take → the route's extraction error, never a
//   default (an unreadable price is not "unavailable", an unreadable count not 0, a list not empty);
// - an unknown field added to every object → the same extraction;
// - a placeholder entry added to a list → the same extraction, the entry counted as skipped.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type * as z from 'zod';
import { extractStay, OffersAnswer } from '../../shared/providers/chain-a/extract.ts';
import * as chainB from '../../shared/providers/chain-b/extract.ts';
import * as chainC from '../../shared/providers/chain-c/extract.ts';
import * as dining from '../../shared/providers/dining/extract.ts';
import * as mapsReviews from '../../shared/providers/maps-reviews/extract.ts';
import { extractQuote, PdpAnswer } from '../../shared/providers/rental/extract.ts';
import { scriptJson } from '../../shared/upstream/script-json.ts';
import {
  AutocompleteAnswer,
  extractDestinations,
  extractReviewList,
  ReviewListResult,
} from '../../shared/providers/site-a/extract.ts';
import { extractReviewsPage, ReviewCommentsAnswer } from '../../shared/providers/site-b/extract.ts';
import { extractReviews, ReviewListData } from '../../shared/providers/site-c/extract.ts';
import { classifyDetails, DetailsAnswer, extractInfo } from '../../shared/providers/maps-hotels/extract.ts';
import { KeywordSearchAnswer, placesIn } from '../../shared/providers/site-g/extract.ts';
import { extractResults, SearchAnswer } from '../../shared/providers/web-search/extract.ts';
import { conform } from '../../shared/upstream/conform.ts';
import { ExtractionError } from '../../shared/upstream/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { type Drift, observeDrift } from '../../shared/upstream/tolerant.ts';
import { variants, type Variant } from '../helpers/mutations.ts';

interface Case {
  provider: string;
  /** Fixtures under tests/fixtures/ in the shape `schema` reads. */
  fixtures: string[];
  /** Where the read part sits in a fixture (default: the whole fixture). */
  select?: (fixture: unknown) => unknown;
  /** The connector's tolerant schema of that part. */
  schema: z.ZodType;
  /** What the facade does with the part once read: the contract's value. */
  extract: (read: never) => unknown;
  /** The records of an extraction, which an optional field must never cost. */
  records: (extracted: never) => number;
  /** Fields whose absence the source documents as "none", with where it says so. */
  absenceMeansNone?: Record<string, string>;
  /** Optional fields that another field's value makes required, with when: removed, they are read like required ones. */
  requiredWhen?: Record<string, string>;
}

const chainAStay = {
  hotelCode: 'LRVAB',
  checkIn: '2031-03-10',
  checkOut: '2031-03-12',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: 2,
};

/** The whole world around a point: every hit of a fixture is placed, whatever its distance. */
const ANYWHERE = 20_100_000;
const chainCStay = {
  imageBase: 'https://img.chain-c.test',
  siteBase: 'https://www.chain-c.test',
  currency: 'EUR',
  rates: new Map([['EUR', 1]]),
  nights: 2,
  rooms: 1,
};

/** dining's asked day of one restaurant, from the availability fixtures that hold it. */
const diningDay = (restaurantId: number, fixtures: string[]): Case => ({
  provider: 'dining',
  fixtures,
  schema: dining.AvailabilityAnswer,
  extract: (answer: dining.AvailabilityAnswer) =>
    dining.dayOf(answer, { restaurantId, date: '2031-05-16', preferredTime: '19:30', partySize: 2 }),
  records: (day: dining.Day | undefined) => day?.minutes.length ?? 0,
});

/** One row per connector: add yours and every fixture of it is mutated. */
const CASES: Case[] = [
  {
    provider: 'chain_a',
    fixtures: [
      'chain-a/offers-cash.json',
      'chain-a/offers-reward.json',
      'chain-a/offers-closed.json',
      'chain-a/offers-unknown.json',
      'chain-a/offers-late-2026.json',
      'chain-a/offers-reward-fees.json',
    ],
    schema: OffersAnswer,
    extract: (answer: OffersAnswer) => extractStay(answer, undefined, chainAStay),
    records: (stay: ReturnType<typeof extractStay>) => stay?.room_types.length ?? 0,
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/autocomplete.json'],
    schema: AutocompleteAnswer,
    extract: (answer: AutocompleteAnswer) => extractDestinations(answer),
    records: (list: unknown[]) => list.length,
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/review-list.json', 'site-a/review-list-bare.json'],
    select: (answer) => (answer as { data: { reviewListFrontend: unknown } }).data.reviewListFrontend,
    schema: ReviewListResult,
    extract: (list: Record<string, unknown>) =>
      extractReviewList(
        { data: { reviewListFrontend: { ...list, __typename: 'ReviewListFrontendResult' } } },
        {
          hotelId: '4410087',
          page: 1,
          perPage: 10,
          sorter: { value: 'MOST_RELEVANT', operation: 'review_sort_relevance' },
          listing: {
            hotelId: '4410087',
            ref: { cc: 'zz', slug: 'lorvane-garden' },
            score: 8.6,
            scoreWord: 'Fabulous',
            reviewCount: 1284,
          },
        },
      ),
    records: (page: ReturnType<typeof extractReviewList>) => page?.reviews.length ?? 0,
  },
  {
    provider: 'site_b',
    fixtures: ['site-b/review-comments.json', 'site-b/review-comments-bare.json'],
    schema: ReviewCommentsAnswer,
    extract: (answer: ReviewCommentsAnswer) => extractReviewsPage(48120577, 'Harbour Lantern Inn', answer, 1),
    records: (page: ReturnType<typeof extractReviewsPage>) => page.reviews.length,
    requiredWhen: {
      'comments[].formattedResponseDate': 'a shown reply without responseDate needs it: its date',
      combinedReview: 'a page with reviews needs its score',
    },
  },
  {
    provider: 'site_c',
    fixtures: ['site-c/reviews-batch.json', 'site-c/reviews-unknown-location.json'],
    select: (batch) => (batch as { data: unknown }[])[0]!.data,
    schema: ReviewListData,
    extract: (data: ReviewListData) =>
      extractReviews([data], { origin: 'https://www.site-c.test', sortBy: 'DATE' }),
    records: (page: ReturnType<typeof extractReviews>) => page?.reviews.length ?? 0,
  },
  {
    provider: 'site_g',
    fixtures: [
      'site-g/keyword-abroad.json',
      'site-g/keyword-empty.json',
      'site-g/keyword-province.json',
      'site-g/keyword-same-name.json',
    ],
    schema: KeywordSearchAnswer,
    extract: (answer: KeywordSearchAnswer) => placesIn(answer),
    records: (places: unknown[]) => places.length,
  },
  {
    provider: 'maps_hotels',
    fixtures: ['maps-hotels/hotel-details.json', 'maps-hotels/hotel-details-bare.json'],
    schema: DetailsAnswer,
    extract: (answer: DetailsAnswer) => {
      const found = classifyDetails(answer, undefined);
      return found.kind === 'details' ? extractInfo(found.answer, found.hotelId, 'EUR') : undefined;
    },
    records: (hotel: unknown) => (hotel ? 1 : 0),
    requiredWhen: {
      name: 'the property-details shape is the one with a top-level name (else a list or the empty state)',
      gps_coordinates: "a property's details: the contract's location is not nullable",
      search_parameters:
        'a details answer without a top-level property_token or details link: the token asked with is here',
      'search_parameters.property_token':
        'a details answer without a top-level property_token or details link: the token asked with is here',
    },
  },
  {
    provider: 'chain_b',
    fixtures: ['chain-b/index-query.json'],
    schema: chainB.IndexAnswer,
    extract: (answer: chainB.IndexAnswer) => {
      if (!answer.hits) throw new ExtractionError('chain_b', 'the search index answer has no hits');
      return chainB
        .candidates(answer.hits, { latitude: 48.85, longitude: 2.35 }, ANYWHERE)
        .map((c) => chainB.toHotel(c, false, null));
    },
    records: (hotels: unknown[]) => hotels.length,
    requiredWhen: {
      'hits[]._rankingInfo': "a hit without coordinates is placed by the index's own distance",
      'hits[]._rankingInfo.geoDistance': "a hit without coordinates is placed by the index's own distance",
    },
  },
  {
    provider: 'chain_b',
    fixtures: [
      'chain-b/hotel-page-hot.json',
      'chain-b/hotel-page-hot-nightly.json',
      'chain-b/hotel-page-hot-members-only.json',
      'chain-b/hotel-page-hot-rooms.json',
      'chain-b/hotel-page-hot-sold-out.json',
    ],
    schema: chainB.OffersAnswer,
    extract: (answer: chainB.OffersAnswer) => {
      const refused = chainB.offersRefusal(answer, 'K7Q2', 200);
      if (refused) throw refused;
      return {
        best: chainB.bestOffer(answer, 2),
        day: chainB.calendarDay(answer, '2031-03-10', 2),
      };
    },
    records: (offer: { best: unknown }) => (offer.best ? 1 : 0),
  },
  {
    provider: 'chain_b',
    fixtures: ['chain-b/hotel-page-cold.json', 'chain-b/hotel-page-cold-partner.json'],
    schema: chainB.ContentAnswer,
    extract: (answer: chainB.ContentAnswer) => {
      const hotel = chainB.hotelOf(answer, 'K7Q2', 200);
      if (!hotel) return undefined;
      return {
        details: chainB.toDetails(hotel, null, 'https://all.chain-b.test'),
        amenities: chainB.toAmenities(hotel, null),
        reviews: chainB.toReviews(hotel, 50),
        photos: chainB.toPhotos(hotel, { includeVideos: true }),
      };
    },
    records: (content: unknown) => (content ? 1 : 0),
    requiredWhen: {
      'data.hotel.medias': 'the photos are read from the medias: content without them is no answer of photos',
      'data.hotel.medias.items':
        'the photos are read from the medias: content without them is no answer of photos',
      'data.hotel.medias.items[].availableFormats':
        'a photo is its formats: medias that all lack them are no answer of photos',
    },
  },
  {
    provider: 'maps_reviews',
    fixtures: ['maps-reviews/reviews-page1.json', 'maps-reviews/reviews-last-page.json'],
    schema: mapsReviews.ReviewsAnswer,
    extract: (answer: mapsReviews.ReviewsAnswer) => mapsReviews.extractReviews(answer, 'newest'),
    records: (result: mapsReviews.ReviewsResult) => (result.kind === 'page' ? result.page.reviews.length : 0),
    absenceMeansNone: {
      reviews: 'the reviews engine leaves reviews out for a place without any (reviews-none.json)',
    },
    requiredWhen: {
      place_info: 'an answer that is not an error is about a place: its place_info names it',
      'place_info.rating': "a page of reviews needs the place's rating (the contract's average_rating)",
      'place_info.reviews': "a page of reviews needs the place's review count (the contract's total_reviews)",
    },
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/dated-search.json'],
    schema: chainC.DatedSearchAnswer,
    extract: (answer: chainC.DatedSearchAnswer) => chainC.extractDatedPage(answer, chainCStay),
    records: (page: chainC.ChainCPage) => page.hotels.length,
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/products.json'],
    schema: chainC.ProductsAnswer,
    extract: (answer: chainC.ProductsAnswer) => chainC.extractRooms(answer, chainCStay),
    records: (rooms: ReturnType<typeof chainC.extractRooms>) =>
      rooms?.room_types.reduce((n, r) => n + r.rates.length, 0) ?? 0,
  },
  diningDay(48210, ['dining/availability.json', 'dining/availability-none-free.json']),
  diningDay(52740, ['dining/availability-no-times.json', 'dining/availability-unavailable-slots.json']),
  {
    provider: 'dining',
    fixtures: ['dining/search-page.json'],
    schema: dining.SearchState,
    extract: (state: z.output<typeof dining.SearchState>) => {
      const search = state.windowVariables.__INITIAL_STATE__.multiSearch;
      return {
        total: search.totalRestaurantCount,
        restaurants: search.restaurants.map((r) => dining.toRestaurant(r, 'https://www.dining.test')),
      };
    },
    records: (page: { restaurants: unknown[] }) => page.restaurants.length,
  },
  {
    provider: 'rental',
    fixtures: [
      'rental/sections.json',
      'rental/sections-lakh.json',
      'rental/sections-monthly.json',
      'rental/sections-unavailable.json',
    ],
    schema: PdpAnswer,
    extract: (answer: PdpAnswer) => {
      if (!answer.data) throw new ExtractionError('rental', 'the sections answer has no data');
      const page = answer.data.presentation.stayProductDetailPage;
      return page ? extractQuote(page.sections, { nights: 5, adults: 2, currency: 'EUR' }) : undefined;
    },
    records: (quote: unknown) => (quote ? 1 : 0),
  },
  {
    provider: 'web_search',
    fixtures: ['web-search/results.json', 'web-search/empty.json'],
    schema: SearchAnswer,
    extract: (answer: SearchAnswer) => extractResults(answer),
    records: (results: unknown[]) => results.length,
    absenceMeansNone: {
      organic_results: 'a successful search that found only other features has none (real-sources §7)',
    },
  },
];

/** A fixture; a `.json` name whose file is a page (`.html`) is the page's state script. */
const load = (name: string): unknown => {
  const file = (n: string) => readFileSync(new URL(`../fixtures/${n}`, import.meta.url), 'utf8');
  if (name === 'dining/search-page.json')
    return scriptJson('dining', file('dining/search-page.html'), 'primary-window-vars', 'the search page');
  return JSON.parse(file(name));
};

/** The extraction of `payload` with the drift it recorded, or the error it raised. */
function run(c: Case, payload: unknown): { value?: unknown; error?: unknown; drift: Drift[] } {
  const drift: Drift[] = [];
  const stop = observeDrift((d) => drift.push(d));
  try {
    const read = conform(c.provider, c.schema, payload, 'the answer', 200) as never;
    return { value: c.extract(read), drift };
  } catch (error) {
    return { error, drift };
  } finally {
    stop();
  }
}

/** What is wrong with a variant's outcome, or undefined when it keeps the rule. */
function breach(
  c: Case,
  baseline: unknown,
  variant: Variant,
  outcome: ReturnType<typeof run>,
): string | undefined {
  const { value, error, drift } = outcome;
  const named = (kind: Drift['kind'], field: string) =>
    drift.some((d) => d.kind === kind && d.field === field);
  const skippedAround = (field: string) =>
    drift.some((d) => d.kind === 'skipped' && field.startsWith(d.field));
  switch (variant.kind) {
    case 'optional removed':
      if (c.requiredWhen?.[variant.field])
        return breach(c, baseline, { ...variant, kind: 'removed from one shape' }, outcome);
      if (error) return `fails (${String(error)})`;
      if (c.records(value as never) !== c.records(baseline as never) && !c.absenceMeansNone?.[variant.field])
        return `records ${c.records(baseline as never)} → ${c.records(value as never)}`;
      return named('missing', variant.field) ? undefined : 'no drift recorded for the field';
    case 'required removed':
      if (error) return error instanceof ExtractionError ? undefined : `fails with ${String(error)}`;
      // Entries lacking what identifies them are skipped, and counted, on a list enclosing the field.
      return skippedAround(variant.field) ? undefined : 'read without it, and nothing skipped';
    case 'removed from one shape':
      // Read as the other shape, refused as neither, or its entries skipped: never another failure.
      if (error) return error instanceof ExtractionError ? undefined : `fails with ${String(error)}`;
      return c.records(value as never) === c.records(baseline as never) || skippedAround(variant.field)
        ? undefined
        : `records ${c.records(baseline as never)} → ${c.records(value as never)}`;
    case 'wrong type':
      if (error) return error instanceof ExtractionError ? undefined : `fails with ${String(error)}`;
      return 'read a field of the wrong type';
    case 'unknown field added':
      if (error) return `fails (${String(error)})`;
      return JSON.stringify(value) === JSON.stringify(baseline) ? undefined : 'extracts something else';
    case 'placeholder added':
      if (error) return `fails (${String(error)})`;
      if (JSON.stringify(value) !== JSON.stringify(baseline)) return 'extracts something else';
      return named('skipped', variant.field) ? undefined : 'the placeholder was not counted as skipped';
  }
}

/** Variants run, by connector: the closing note quotes the total. */
const ran = new Map<string, number>();

beforeAll(() => {
  useProviders({
    site_g: { baseUrl: 'http://127.0.0.1:9/site_g', hosts: ['hotels.site-g.test', 'www.site-g.test'] },
  });
});
afterAll(() => {
  useProviders({});
  const total = [...ran.values()].reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(0);
});

describe.each(CASES)('$provider fixtures, mutated', (c) => {
  it.each(c.fixtures)('%s: every variant keeps the tolerant rule', (name) => {
    // Prepare
    const fixture = load(name);
    const payload = c.select ? c.select(fixture) : fixture;
    const baseline = run(c, payload);
    expect(baseline.error).toBeUndefined();
    const all = variants(c.schema, payload);
    // Act
    const breaches = all.flatMap((variant) => {
      const why = breach(c, baseline.value, variant, run(c, variant.payload));
      return why ? [`${variant.kind} ${variant.field}: ${why}`] : [];
    });
    // Assess
    ran.set(c.provider, (ran.get(c.provider) ?? 0) + all.length);
    expect(breaches).toEqual([]);
    expect(all.some((v) => v.kind === 'unknown field added')).toBe(true);
  });
});
