// Generated mutation tests of the tolerant readers (docs/connector-guide.md, "Tolerant readers"). For
// every fixture of every connector in the table, the variants come from the connector's own tolerant
// schema, so a field added to a schema is covered without writing a case:
// - an optional field removed everywhere → still extracted, with as many records, the drift naming it;
// - a required field removed everywhere → the route's extraction error, the entries lacking it skipped,
//   or, inside an optional part (a place, a price), that part read as absent and counted;
// - a required field of a list entry removed from that one entry (the list has others) → the others read,
//   the entry counted as skipped (or its optional part that lacks it read as absent): one unusable entry
//   is never fatal to the list;
// - an optional field of a list entry removed from that one entry → the entry kept (as many records), the
//   field read as absent and counted (identity is required, everything else may be absent);
// - a field one shape of a union requires and another may lack, removed → read as the other, or refused;
// - a field present with a value of a type it does not take → the route's extraction error, never a
//   default (an unreadable price is not "unavailable", an unreadable count not 0, a list not empty);
// - an unknown field added to every object → the same extraction;
// - a placeholder entry added to a list → the same extraction, the entry counted as skipped.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import type * as z from 'zod';
import { extractStay, OffersAnswer } from '../../shared/providers/chain-a/extract.ts';
import * as chainADetails from '../../shared/providers/chain-a/details.ts';
import * as chainASearch from '../../shared/providers/chain-a/search.ts';
import * as chainBContent from '../../shared/providers/chain-b/content.ts';
import * as chainBPhotos from '../../shared/providers/chain-b/photos.ts';
import * as chainBOffers from '../../shared/providers/chain-b/offers.ts';
import * as chainBIndex from '../../shared/providers/chain-b/search-index.ts';
import type { ChainCPage } from '../../shared/providers/chain-c/extract.ts';
import * as chainCConverter from '../../shared/providers/chain-c/converter.ts';
import * as chainCDated from '../../shared/providers/chain-c/dated-search.ts';
import * as chainCLowest from '../../shared/providers/chain-c/lowest-rates.ts';
import * as chainCRooms from '../../shared/providers/chain-c/rooms.ts';
import * as chainCProperty from '../../shared/providers/chain-c/property.ts';
import * as dining from '../../shared/providers/dining/extract.ts';
import * as diningProfile from '../../shared/providers/dining/profile.ts';
import * as diningReviews from '../../shared/providers/dining/reviews.ts';
import * as siteCDetails from '../../shared/providers/site-c/details.ts';
import * as siteCLocations from '../../shared/providers/site-c/locations.ts';
import * as mapsReviews from '../../shared/providers/maps-reviews/extract.ts';
import {
  BannerSection,
  extractDetails,
  HostSection,
  PoliciesSection,
} from '../../shared/providers/rental/extract-details.ts';
import {
  DescriptionSection,
  extractOverview,
  OverviewSection,
  SleepingSection,
} from '../../shared/providers/rental/extract-overview.ts';
import { BookItSection, extractQuote } from '../../shared/providers/rental/extract-quote.ts';
import {
  PdpAnswer,
  type PdpSections,
  sectionData,
  TitleSection,
} from '../../shared/providers/rental/extract.ts';
import { pdpFromPage } from '../../shared/providers/rental/page.ts';
import * as rentalCalendar from '../../shared/providers/rental/calendar.ts';
import * as rentalReviews from '../../shared/providers/rental/reviews.ts';
import * as mapsPlace from '../../shared/providers/maps-reviews/place.ts';
import * as rentalSearch from '../../shared/providers/rental/search.ts';
import { scriptJson } from '../../shared/extraction/script-json.ts';
import { AutocompleteAnswer, extractDestinations } from '../../shared/providers/site-a/extract.ts';
import { extractReviewList, ReviewListResult } from '../../shared/providers/site-a/review-list.ts';
import { SearchNode, searchNodeIn, searchPageOf } from '../../shared/providers/site-a/search-page.ts';
import { galleryOf, HotelPhotos } from '../../shared/providers/site-a/gallery.ts';
import { DetailsView, detailsView, toDetails } from '../../shared/providers/site-a/details.ts';
import { hotelPageData } from '../../shared/providers/site-a/hotel-page.ts';
import * as siteAScores from '../../shared/providers/site-a/scores.ts';
import * as siteARooms from '../../shared/providers/site-a/rooms.ts';
import { tableIn } from '../../shared/providers/site-a/rooms-table.ts';
import { literalAfter, readLiteral } from '../../shared/extraction/js-literal.ts';
import { extractReviewsPage, ReviewCommentsAnswer } from '../../shared/providers/site-b/extract.ts';
import { extractReviews, ReviewListData } from '../../shared/providers/site-c/review-list.ts';
import { extractHotels, HotelsAnswer } from '../../shared/providers/maps-hotels/extract.ts';
import { classifyDetails, DetailsAnswer, extractInfo } from '../../shared/providers/maps-hotels/details.ts';
import { KeywordSearchAnswer, placesIn } from '../../shared/providers/site-g/extract.ts';
import { extractResults, SearchAnswer } from '../../shared/providers/web-search/extract.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { type Drift, fieldsOf, observeDrift, readerSchema } from '../../shared/extraction/tolerant.ts';
import { CONNECTOR_TOKENS } from '../../shared/tokens.ts';
import { variants, type Variant } from '../helpers/mutations.ts';
import { CHAIN_A_STAY, MAPS_HOTELS_SEARCH, RENTAL_SEARCH } from '../helpers/fixture-queries.ts';
import { DERIVED as DINING_PAGES } from '../fixtures/dining/pages.ts';
import { DERIVED as SITE_A_PAGES } from '../fixtures/site-a/pages.ts';

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
  /**
   * Known breaches of the rule, by variant (`<kind> <field>`), with why: open gaps of #21 in a connector
   * this file does not own. Each is asserted to still breach, so that a fix shows here (and its entry goes).
   */
  gaps?: Record<string, string>;
  /**
   * Fields (and what is under them) that one shape of a union reads and the fixtures' entries of another
   * shape carry unread, with why: a variant of them may extract the same, without drift.
   */
  unreadInOtherShape?: Record<string, string>;
}

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

/** The rental listing page with every section (some as placeholders read through to their data). */
const LISTING_PAGE = 'rental/listing-page-placeholders.html';

/** One row per connector: add yours and every fixture of it is mutated. */
/** The rental sections answers: each row reading them mutates the same four fixtures. */
const RENTAL_SECTIONS = [
  'rental/sections.json',
  'rental/sections-lakh.json',
  'rental/sections-monthly.json',
  'rental/sections-unavailable.json',
];

const CASES: Case[] = [
  {
    provider: 'chain_a',
    fixtures: [
      'chain-a/offers-cash.json',
      'chain-a/offers-closed.json',
      'chain-a/offers-unknown.json',
      'chain-a/offers-late-2026.json',
    ],
    schema: OffersAnswer,
    extract: (answer: OffersAnswer) => extractStay(answer, undefined, CHAIN_A_STAY),
    records: (stay: ReturnType<typeof extractStay>) => stay?.room_types.length ?? 0,
  },
  {
    provider: 'chain_a',
    // Reward offers: the cash shape's totals and policies beside their reward nights are not read.
    fixtures: [
      'chain-a/offers-reward.json',
      'chain-a/offers-reward-fees.json',
      'chain-a/offers-reward-points-only.json',
    ],
    schema: OffersAnswer,
    extract: (answer: OffersAnswer) => extractStay(answer, undefined, CHAIN_A_STAY),
    records: (stay: ReturnType<typeof extractStay>) => stay?.room_types.length ?? 0,
    unreadInOtherShape: {
      'hotels[].rateDetails.offers[].totalRate':
        "a reward offer's cash amount is never its price (amendment 3)",
      'hotels[].rateDetails.offers[].productUses[].rates':
        "a reward offer's room is priced by its reward nights",
      'hotels[].rateDetails.offers[].policies': "the contract's reward options carry no policy",
    },
  },
  {
    provider: 'chain_a',
    fixtures: ['chain-a/profile-details.json', 'chain-a/profile-details-bare.json'],
    schema: chainADetails.ProfileAnswer,
    extract: (answer: chainADetails.ProfileAnswer) =>
      chainADetails.extractDetails(answer, 'https://www.chain-a.test'),
    records: (details: unknown) => (details ? 1 : 0),
  },
  {
    provider: 'chain_a',
    fixtures: ['chain-a/profiles-batch.json'],
    schema: chainADetails.ProfilesAnswer,
    extract: (answer: chainADetails.ProfilesAnswer) => [...chainADetails.namesOf(answer).keys()],
    records: (codes: string[]) => codes.length,
  },
  {
    provider: 'chain_a',
    fixtures: ['chain-a/offers-geo.json'],
    schema: chainASearch.GeoOffersAnswer,
    extract: (answer: chainASearch.GeoOffersAnswer) =>
      chainASearch.searchHotels(chainASearch.geoHotels(answer), new Map()),
    records: (hotels: unknown[]) => hotels.length,
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
    provider: 'site_a',
    fixtures: ['site-a/search-results-apollo.html'],
    select: (html) => {
      const found = searchNodeIn(html as string);
      if (found === 'unknown destination') throw new Error('not a results page');
      return found.node;
    },
    schema: SearchNode,
    extract: (node: z.output<typeof SearchNode>) =>
      searchPageOf(node, {
        nights: 3,
        imageBase: 'https://images.site-a.test',
        hotelUrl: (ref) => `https://www.site-a.test/hotel/${ref.cc}/${ref.slug}.html`,
      }),
    records: (page: ReturnType<typeof searchPageOf>) => page.hotels.length,
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/hotel-page.html'],
    select: (html) => readLiteral(literalAfter(html as string, 'hotelPhotos:')!),
    schema: HotelPhotos,
    extract: (photos: unknown[]) => galleryOf(photos, [], '4412009'),
    records: (gallery: ReturnType<typeof galleryOf>) => gallery.photos.length,
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/hotel-page-apollo.html', 'site-a/hotel-page-no-stars.html'],
    select: (html) => detailsView(hotelPageData(html as string), 'https://images.site-a.test'),
    schema: DetailsView,
    extract: (view: z.output<typeof DetailsView>) =>
      toDetails(view, 'https://www.site-a.test/hotel/zz/hotel-lorvane-garden.html'),
    records: (details: unknown) => (details ? 1 : 0),
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/hotel-page-apollo.html', 'site-a/hotel-page-no-stars.html'],
    select: (html) => siteAScores.scoresView(hotelPageData(html as string)),
    schema: siteAScores.ScoresView,
    extract: (view: siteAScores.ScoresView) =>
      siteAScores.toScores(view, '4412009', { distribution: null, languages: null }),
    records: (scores: unknown) => (scores ? 1 : 0),
  },
  {
    provider: 'site_a',
    fixtures: [
      'site-a/rooms-apollo.html',
      'site-a/rooms-env.html',
      'site-a/rooms-sold-out.html',
      'site-a/rooms-no-availability.html',
    ],
    select: (html) => siteARooms.roomsPageOf(html as string).catalogue,
    schema: siteARooms.RoomCatalogue,
    extract: (catalogue: siteARooms.RoomCatalogue) =>
      siteARooms.roomsOf({ catalogue }, { nights: 3, rooms: 2, currency: 'EUR' }),
    records: (read: siteARooms.ReadRooms) => read.rooms.length,
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/rooms-env.html', 'site-a/rooms-sold-out.html'],
    select: (html) => siteARooms.roomsPageOf(html as string).env,
    schema: siteARooms.EnvRooms,
    extract: (env: siteARooms.EnvRooms) =>
      siteARooms.roomsOf({ env }, { nights: 3, rooms: 2, currency: 'EUR' }),
    records: (read: siteARooms.ReadRooms) => read.rooms.length,
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/rooms-table.html', 'site-a/rooms-env-and-table.html', 'site-a/rooms-table-div.html'],
    select: (html) => tableIn(html as string)!.rows,
    schema: siteARooms.TableRows,
    extract: (table: siteARooms.TableRows) =>
      siteARooms.roomsOf({ table, tableNights: 3 }, { nights: 3, rooms: 2, currency: 'EUR' }),
    records: (read: siteARooms.ReadRooms) => read.rooms.reduce((n, r) => n + r.blocks.length, 0),
  },
  {
    provider: 'site_a',
    fixtures: ['site-a/review-list.json', 'site-a/review-list-bare.json'],
    select: (answer) => (answer as { data: { reviewListFrontend: unknown } }).data.reviewListFrontend,
    schema: siteAScores.ReviewFacets,
    extract: (facets: siteAScores.ReviewFacets) => siteAScores.facetsOf(facets),
    records: (facets: unknown) => (facets ? 1 : 0),
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
    fixtures: [
      'site-c/reviews-batch.json',
      'site-c/reviews-sparse.json',
      'site-c/reviews-unknown-location.json',
    ],
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
      'site-g/keyword-no-status.json',
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
      search_parameters:
        'a details answer without a top-level property_token or details link: the token asked with is here',
      'search_parameters.property_token':
        'a details answer without a top-level property_token or details link: the token asked with is here',
    },
  },
  {
    provider: 'maps_hotels',
    fixtures: [
      'maps-hotels/hotels-list.json',
      'maps-hotels/hotels-empty.json',
      'maps-hotels/hotel-details-by-name.json',
    ],
    schema: HotelsAnswer,
    extract: (answer: HotelsAnswer) => extractHotels(answer, MAPS_HOTELS_SEARCH, 'hotels'),
    records: (found: ReturnType<typeof extractHotels>) => found.hotels.length,
    requiredWhen: {
      search_metadata: "the contract's search URL is the search's link on the service's site, named there",
      properties: 'an answer that is neither the details shape nor the empty state lists its properties',
      serpapi_property_details_link:
        "a hotel-name answer without a top-level token carries the hotel's token (its identity) in this link",
    },
    absenceMeansNone: { ads: 'an answer without ads[] shows no sponsored listing' },
  },
  {
    provider: 'chain_b',
    fixtures: ['chain-b/index-query.json', 'chain-b/index-query-no-lodging.json'],
    schema: chainBIndex.IndexAnswer,
    extract: (answer: chainBIndex.IndexAnswer) => {
      if (!answer.hits) throw new ExtractionError('chain_b', 'the search index answer has no hits');
      return chainBIndex
        .candidates(answer.hits, { latitude: 48.85, longitude: 2.35 }, ANYWHERE)
        .map((c) => chainBIndex.toHotel(c, false, null));
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
    schema: chainBOffers.OffersAnswer,
    extract: (answer: chainBOffers.OffersAnswer) => {
      const refused = chainBOffers.offersRefusal(answer, 'K7Q2', 200);
      if (refused) throw refused;
      return {
        best: chainBOffers.bestOffer(answer, 2),
        day: chainBOffers.calendarDay(answer, '2031-03-10', 2),
      };
    },
    records: (offer: { best: unknown }) => (offer.best ? 1 : 0),
  },
  {
    provider: 'chain_b',
    fixtures: ['chain-b/hotel-page-cold.json', 'chain-b/hotel-page-cold-partner.json'],
    schema: chainBContent.ContentAnswer,
    extract: (answer: chainBContent.ContentAnswer) => {
      const hotel = chainBContent.hotelOf(answer, 'K7Q2', 200);
      if (!hotel) return undefined;
      return {
        details: chainBContent.toDetails(hotel, null, 'https://all.chain-b.test'),
        amenities: chainBContent.toAmenities(hotel, null),
        reviews: chainBContent.toReviews(hotel, 50),
        photos: chainBPhotos.toPhotos(hotel, { includeVideos: true }),
      };
    },
    records: (content: unknown) => (content ? 1 : 0),
    requiredWhen: {
      'data.hotel.medias': 'the photos are read from the medias: content without them is no answer of photos',
      'data.hotel.medias.items':
        'the photos are read from the medias: content without them is no answer of photos',
      'data.hotel.medias.items[].availableFormats':
        'a photo is its formats: medias that all lack them are no answer of photos',
      'data.hotel.rating.reviews':
        'a hotel whose score counts reviews lists them: without the list the answer lost its structure',
      'data.hotel.rating.reviews.items':
        'a hotel whose score counts reviews lists them: without the list the answer lost its structure',
    },
  },
  {
    provider: 'chain_b',
    fixtures: ['chain-b/index-object.json'],
    schema: chainBIndex.IndexRecord,
    // The record completes the hotel's content: its lodging type and its free and paid amenities.
    extract: (record: chainBIndex.IndexRecord) => {
      const content = conform(
        'chain_b',
        chainBContent.ContentAnswer,
        load('chain-b/hotel-page-cold.json'),
        'content',
      );
      const hotel = chainBContent.hotelOf(content, 'K7Q2', 200)!;
      return {
        details: chainBContent.toDetails(hotel, record, 'https://all.chain-b.test'),
        amenities: chainBContent.toAmenities(hotel, record),
      };
    },
    records: (hotel: { amenities: unknown[] }) => hotel.amenities.length,
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/convert-currency.json'],
    schema: chainCConverter.ConvertAnswer,
    extract: (answer: chainCConverter.ConvertAnswer) => chainCConverter.exchangeRate(answer),
    records: (rate: number | undefined) => (rate === undefined ? 0 : 1),
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/header-data.json', 'chain-c/header-data-bare.json', 'chain-c/header-unknown.json'],
    schema: chainCProperty.HeaderAnswer,
    extract: (answer: chainCProperty.HeaderAnswer) => {
      const property = chainCProperty.headerProperty(answer, 200);
      return (
        property &&
        chainCProperty.extractProperty(property, [], {
          propertyId: property.id?.toUpperCase() ?? '',
          imageBase: 'https://img.chain-c.test',
        })
      );
    },
    records: (details: unknown) => (details ? 1 : 0),
    requiredWhen: {
      errors:
        'an answer without a property says why in its errors: without them it is no proven "no such property"',
    },
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/room-cards.json'],
    schema: chainCProperty.RoomCardsAnswer,
    extract: (answer: chainCProperty.RoomCardsAnswer) => chainCProperty.roomTypesOf(answer),
    records: (rooms: unknown[]) => rooms.length,
  },
  {
    provider: 'maps_reviews',
    fixtures: ['maps-reviews/reviews-page1.json', 'maps-reviews/reviews-last-page.json'],
    schema: mapsReviews.ReviewsAnswer,
    extract: (answer: mapsReviews.ReviewsAnswer) => mapsReviews.extractReviews(answer, 'newest'),
    records: (result: mapsReviews.ReviewsResult) => (result.kind === 'page' ? result.page.reviews.length : 0),
    requiredWhen: {
      reviews:
        'the engine leaves reviews out only for a place without any (reviews-none.json: no count, no rating); a rated place without its list is an extraction error',
      place_info: 'an answer that is not an error is about a place: its place_info names it',
      'place_info.rating': "a page of reviews needs the place's rating (the contract's average_rating)",
      'place_info.reviews': "a page of reviews needs the place's review count (the contract's total_reviews)",
    },
  },
  {
    provider: 'maps_reviews',
    fixtures: [
      'maps-reviews/place-search-list.json',
      'maps-reviews/place-search-single.json',
      'maps-reviews/place-search-empty.json',
    ],
    schema: mapsReviews.PlaceSearchAnswer,
    extract: (answer: mapsReviews.PlaceSearchAnswer) => mapsReviews.extractPlace(answer),
    records: (place: unknown) => (place ? 1 : 0),
    requiredWhen: {
      place_results:
        'a single match is this place: without it (and without a list or the empty state) no answer',
      local_results: 'an answer that is neither a single match nor the empty state lists its places',
    },
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/lowest-rates.json'],
    schema: chainCLowest.LowestRatesAnswer,
    extract: (answer: chainCLowest.LowestRatesAnswer) =>
      chainCLowest.extractPage(answer, {
        currency: 'EUR',
        imageBase: chainCStay.imageBase,
        siteBase: chainCStay.siteBase,
      }),
    records: (page: ChainCPage) => page.hotels.length,
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/dated-search.json'],
    schema: chainCDated.DatedSearchAnswer,
    extract: (answer: chainCDated.DatedSearchAnswer) => chainCDated.extractDatedPage(answer, chainCStay),
    records: (page: ChainCPage) => page.hotels.length,
  },
  {
    provider: 'chain_c',
    fixtures: ['chain-c/products.json'],
    schema: chainCRooms.ProductsAnswer,
    extract: (answer: chainCRooms.ProductsAnswer) => chainCRooms.extractRooms(answer, chainCStay),
    records: (rooms: ReturnType<typeof chainCRooms.extractRooms>) =>
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
    provider: 'dining',
    fixtures: ['dining/profile-page.html', 'dining/profile-listing.html', 'dining/profile-no-menu.html'],
    select: (html) => diningProfile.profileOf(html as string),
    schema: diningProfile.ProfileState,
    extract: (state: z.output<typeof diningProfile.ProfileState>) =>
      diningProfile.restaurantDetails(state.restaurantProfile.restaurant, 'https://www.dining.test'),
    records: (details: { cuisines: unknown[]; payment_options: unknown[] }) =>
      1 + details.cuisines.length + details.payment_options.length,
    absenceMeansNone: {
      'restaurantProfile.restaurant.cuisines': 'no cuisine list: none shown',
      'restaurantProfile.restaurant.paymentOptions': 'no payment list: none shown',
    },
  },
  {
    provider: 'dining',
    fixtures: ['dining/profile-page.html', 'dining/profile-listing.html', 'dining/profile-no-menu.html'],
    select: (html) => diningProfile.profileOf(html as string),
    schema: diningProfile.MenuState,
    extract: (state: z.output<typeof diningProfile.MenuState>) =>
      diningProfile.menusOf(state, 'https://www.dining.test'),
    records: (m: ReturnType<typeof diningProfile.menusOf>) =>
      m.menus.flatMap((x) => x.sections.flatMap((s) => s.items)).length,
    absenceMeansNone: {
      'restaurantProfile.menus': 'a profile without menus publishes none',
      'restaurantProfile.menus.menuData': 'no menu data: no structured menu',
    },
  },
  {
    provider: 'dining',
    fixtures: ['dining/reviews.json', 'dining/reviews-unknown-restaurant.json'],
    schema: diningReviews.ReviewsAnswer,
    extract: (answer: diningReviews.ReviewsAnswer) =>
      diningReviews.extractReviews(answer, 'https://www.dining.test'),
    records: (page: ReturnType<typeof diningReviews.extractReviews>) => page?.reviews.length ?? 0,
  },
  {
    provider: 'site_c',
    fixtures: ['site-c/typeahead-mixed.json', 'site-c/typeahead-rescue-only.json'],
    select: (batch) => (batch as { data: unknown }[])[0]!.data,
    schema: siteCLocations.TypeaheadData,
    extract: (data: siteCLocations.TypeaheadData) =>
      siteCLocations.extractLocations(data, 'https://www.site-c.test'),
    records: (locations: unknown[]) => locations.length,
  },
  {
    provider: 'site_c',
    fixtures: ['site-c/hotel-page.html', 'site-c/hotel-page-bare.html'],
    select: (html) => siteCDetails.hotelJsonLd(html as string),
    schema: siteCDetails.HotelData,
    extract: (ld: siteCDetails.HotelData) =>
      siteCDetails.fromStructuredData(
        ld,
        3140001,
        'https://www.site-c.test/Hotel_Review-x.html',
        'https://www.site-c.test',
      ),
    records: () => 1,
  },
  {
    provider: 'rental',
    fixtures: RENTAL_SECTIONS,
    schema: PdpAnswer,
    extract: (answer: PdpAnswer) => {
      if (!answer.data) throw new ExtractionError('rental', 'the sections answer has no data');
      const page = answer.data?.presentation?.stayProductDetailPage;
      return page ? extractQuote(page.sections, { nights: 5, adults: 2, currency: 'EUR' }) : undefined;
    },
    records: (quote: unknown) => (quote ? 1 : 0),
  },
  {
    provider: 'rental',
    fixtures: RENTAL_SECTIONS,
    select: (answer) =>
      sectionData(
        (answer as { data: { presentation: { stayProductDetailPage: { sections: PdpSections } } } }).data
          .presentation.stayProductDetailPage.sections,
        'BOOK_IT_SIDEBAR',
      ),
    schema: BookItSection,
    extract: (section: unknown) =>
      extractQuote(rentalPage({ BOOK_IT_SIDEBAR: section }), { nights: 5, adults: 2, currency: 'EUR' }),
    records: (quote: unknown) => (quote ? 1 : 0),
  },
  {
    provider: 'rental',
    fixtures: ['rental/listing-page.html', 'rental/listing-page-placeholders.html'],
    select: (pdp) => sectionData(pdp as PdpSections, 'TITLE_DEFAULT'),
    schema: TitleSection,
    extract: (section: { title: string }) => section.title,
    records: (title: string) => (title ? 1 : 0),
  },
  {
    provider: 'rental',
    // The older page has no summary section (its overview is read from the placeholder page's).
    fixtures: ['rental/listing-page-placeholders.html'],
    select: (pdp) => sectionData(pdp as PdpSections, 'OVERVIEW_DEFAULT_V2'),
    schema: OverviewSection,
    extract: (section: unknown) =>
      extractOverview(rentalPage({ TITLE_DEFAULT: { title: 'A listing' }, OVERVIEW_DEFAULT_V2: section })),
    records: (overview: { raw_items: unknown[] }) => overview.raw_items.length,
    absenceMeansNone: {
      overviewItems:
        'a summary section without its items shows none: raw_items [] (arrays are [] when none is shown)',
    },
    requiredWhen: {
      'overviewItems[].title':
        'a summary item is its title (its name, under the identity rule): an item without one is no summary string',
    },
  },
  ...(
    [
      ['MEET_YOUR_HOST', HostSection, 'details'],
      ['GUEST_FAVORITE_BANNER', BannerSection, 'details'],
      ['POLICIES_DEFAULT', PoliciesSection, 'details'],
      ['DESCRIPTION_DEFAULT', DescriptionSection, 'overview'],
      ['SLEEPING_ARRANGEMENT_WITH_IMAGES', SleepingSection, 'overview'],
    ] as const
  ).map(([id, schema, route]): Case => ({
    provider: 'rental',
    fixtures: [LISTING_PAGE],
    select: (pdp) => sectionData(pdp as PdpSections, id),
    schema,
    // The route's whole answer, from the fixture's page with this one section as read.
    extract: (section: unknown) => {
      const page = withSection(load(LISTING_PAGE) as PdpSections, id, section);
      return route === 'details' ? extractDetails(page) : extractOverview(page);
    },
    records: (answer: unknown) => (answer ? 1 : 0),
  })),
  {
    provider: 'rental',
    fixtures: ['rental/calendar.json', 'rental/calendar-unknown-listing.json'],
    schema: rentalCalendar.CalendarAnswer,
    extract: (answer: rentalCalendar.CalendarAnswer) => rentalCalendar.extractCalendar(answer),
    records: (months: rentalCalendar.Calendar) => months?.reduce((n, m) => n + m.days.length, 0) ?? 0,
  },
  {
    provider: 'rental',
    fixtures: ['rental/reviews.json', 'rental/reviews-unknown-listing.json'],
    schema: rentalReviews.ReviewsAnswer,
    extract: (answer: rentalReviews.ReviewsAnswer) => rentalReviews.extractReviews(answer),
    records: (page: ReturnType<typeof rentalReviews.extractReviews>) => page?.reviews.length ?? 0,
  },
  {
    provider: 'maps_reviews',
    fixtures: [
      'maps-reviews/place-details.json',
      'maps-reviews/place-local-results.json',
      'maps-reviews/place-not-found.json',
    ],
    schema: mapsPlace.PlaceAnswer,
    extract: (answer: mapsPlace.PlaceAnswer) =>
      mapsPlace.extractPlaceDetails(answer, { placeId: 'ChIJ8x1Qd0Zv5kcR4Wm3aH0eS1I' }),
    records: (place: unknown) => (place ? 1 : 0),
    requiredWhen: {
      place_results: 'an answer that is neither the search shape nor the empty state is the place itself',
      local_results: 'an answer in the search shape lists the place',
      error: 'an answer without a place says why: the empty-result error',
    },
  },
  {
    provider: 'rental',
    fixtures: ['rental/search-page.json'],
    schema: rentalSearch.SearchAnswer,
    extract: (answer: rentalSearch.SearchAnswer) =>
      rentalSearch.extractSearchPage(answer, RENTAL_SEARCH, 'https://www.rental.test'),
    records: (page: rentalSearch.SourcePage) => page.listings.length,
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

/** `pdp` with the section `id` replaced by `section` (its data as read). */
function withSection(pdp: PdpSections, id: string, section: unknown): PdpSections {
  return { ...pdp, sections: pdp.sections.map((s) => (s.sectionId === id ? { ...s, section } : s)) };
}

/** A rental page of just `sections` (by id), each as read, for a section's row to extract from. */
const rentalPage = (sections: Record<string, unknown>): PdpSections => ({
  metadata: { sharingConfig: { personCapacity: 4 } },
  sections: Object.entries(sections).map(([sectionId, section]) => ({ sectionId, section })),
});

/** Pages a fixture module derives from a base page, by the name they are listed under. */
const DERIVED_PAGES: Record<string, () => string> = Object.fromEntries(
  Object.entries({ dining: DINING_PAGES, 'site-a': SITE_A_PAGES }).flatMap(([folder, pages]) =>
    Object.entries(pages).map(([name, page]) => [`${folder}/${name}`, page]),
  ),
);

/**
 * A fixture, or a page a fixture module derives (tests/fixtures/<token>/pages.ts); a `.json` name whose
 * file is a page (`.html`) is the page's state script, a rental listing page its sections payload.
 */
const load = (name: string): unknown => {
  const file = (n: string) =>
    DERIVED_PAGES[n]?.() ?? readFileSync(new URL(`../fixtures/${n}`, import.meta.url), 'utf8');
  if (name.startsWith('rental/') && name.endsWith('.html')) return pdpFromPage(file(name));
  if (name.endsWith('.html')) return file(name);
  if (name === 'dining/search-page.json')
    return scriptJson('dining', file('dining/search-page.html'), 'primary-window-vars', 'the search page');
  return JSON.parse(file(name));
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `payload` without the field at `path` in the first entry that has it, when that entry's
 * list has other entries; undefined when no such entry exists.
 */
function withoutInOneEntry(payload: unknown, path: string): unknown {
  const steps = path.match(/\[\]|[^.[\]]+/g) ?? [];
  const copy = structuredClone(payload);
  const remove = (value: unknown, at: number, listed: boolean): boolean => {
    const step = steps[at]!;
    if (at === steps.length - 1) {
      if (!listed || !isObject(value) || value[step] === undefined) return false;
      delete value[step];
      return true;
    }
    if (step === '[]')
      return Array.isArray(value) && value.some((entry) => remove(entry, at + 1, value.length > 1));
    if (step === '*') return isObject(value) && Object.values(value).some((v) => remove(v, at + 1, listed));
    return isObject(value) && remove(value[step], at + 1, listed);
  };
  return remove(copy, 0, false) ? copy : undefined;
}

/** Whether the reader takes the field's absence as the normal answer (normallyAbsent): nothing to count. */
const uncounted = (c: Case, field: string) =>
  fieldsOf(readerSchema(c.schema)!).some((f) => f.path === field && f.uncounted);

/**
 * The fields of list entries, each removed from one entry: the required ones (every shape requires them),
 * or with `optional` the ones every shape may lack.
 */
function oneEntryVariants(
  schema: z.ZodType,
  payload: unknown,
  optional = false,
): { field: string; payload: unknown }[] {
  const flags = new Map<string, Set<boolean>>();
  for (const f of fieldsOf(readerSchema(schema)!))
    flags.set(f.path, (flags.get(f.path) ?? new Set()).add(f.optional));
  return [...flags]
    .filter(
      ([path, may]) =>
        path.includes('[]') && !path.endsWith('[]') && (optional ? !may.has(false) : !may.has(true)),
    )
    .flatMap(([field]) => {
      const mutated = withoutInOneEntry(payload, field);
      return mutated === undefined ? [] : [{ field, payload: mutated }];
    });
}

/**
 * What is wrong with the outcome of an optional field removed from one entry of a list, or undefined: the
 * entry is kept (as many records as the baseline), the field read as absent and counted as drift.
 */
function optionalOneEntryBreach(
  c: Case,
  baseline: unknown,
  field: string,
  outcome: ReturnType<typeof run>,
): string | undefined {
  const { value, error, drift } = outcome;
  if (c.requiredWhen?.[field]) return undefined;
  if (error) return `fails (${String(error)})`;
  if (c.records(value as never) !== c.records(baseline as never) && !c.absenceMeansNone?.[field])
    return `records ${c.records(baseline as never)} → ${c.records(value as never)}: the entry was not kept`;
  return drift.some((d) => d.kind === 'missing' && d.field === field)
    ? undefined
    : 'no drift recorded for the field';
}

/** A drift metric as written (EMF): its name and dimensions. */
interface Metric {
  name: string;
  provider: unknown;
  field: unknown;
}

/** The drift metrics (`FieldsMissing`, `EntriesSkipped`) the EMF lines written by `act` carry. */
function metricsOf(act: () => void): Metric[] {
  const lines: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    act();
  } finally {
    process.stdout.write = write;
  }
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"CloudWatchMetrics"'))
    .map((l) => JSON.parse(l) as { _aws: { CloudWatchMetrics: { Metrics: { Name: string }[] }[] } } & Metric)
    .map((e) => ({
      name: e._aws.CloudWatchMetrics[0]!.Metrics[0]!.Name,
      provider: e.provider,
      field: e.field,
    }))
    .filter((m) => m.name === 'FieldsMissing' || m.name === 'EntriesSkipped');
}

/**
 * The extraction of `payload` with the drift it recorded and the metrics it wrote, or the error it raised
 * and whether the read itself (the tolerant schema) raised it, rather than what the route makes of it.
 */
function run(
  c: Case,
  payload: unknown,
): { value?: unknown; error?: unknown; inRead?: boolean; drift: Drift[]; metrics: Metric[] } {
  const drift: Drift[] = [];
  const stop = observeDrift((d) => drift.push(d));
  const outcome: { value?: unknown; error?: unknown; inRead?: boolean } = {};
  try {
    const metrics = metricsOf(() => {
      let read: never;
      try {
        read = conform(c.provider, c.schema, payload, 'the answer', 200) as never;
      } catch (error) {
        Object.assign(outcome, { error, inRead: true });
        return;
      }
      try {
        outcome.value = c.extract(read);
      } catch (error) {
        outcome.error = error;
      }
    });
    return { ...outcome, drift, metrics };
  } finally {
    stop();
  }
}

/**
 * What is wrong with the outcome of a required field removed from one entry of a list, or undefined:
 * the read keeps the other entries and counts that one as skipped. What the route then makes of the
 * list may be its documented error (the entry it needed was that one: a sorter, a section).
 */
function oneEntryBreach(c: Case, field: string, outcome: ReturnType<typeof run>): string | undefined {
  const { error, inRead, drift } = outcome;
  if (error && inRead) return `the read fails (${String(error)})`;
  if (error)
    return error instanceof ExtractionError || error instanceof UpstreamError
      ? undefined
      : `fails with ${String(error)}`;
  return drift.some((d) => d.kind === 'skipped' && field.startsWith(d.field)) || partMissing(drift, field)
    ? undefined
    : 'read without it, and nothing skipped';
}

/** Whether an optional part enclosing `field` was read as absent, and counted, for lack of it. */
const partMissing = (drift: readonly Drift[], field: string) =>
  drift.some((d) => d.kind === 'missing' && field.startsWith(`${d.field}.`));

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
      // A field whose absence is the normal answer (normallyAbsent) is read as absent, with no count.
      if (uncounted(c, variant.field))
        return named('missing', variant.field) ? 'counted missing, though its absence is normal' : undefined;
      if (!named('missing', variant.field)) return 'no drift recorded for the field';
      // The drift is a metric per provider and field: the dashboard's and the alarm's source.
      return outcome.metrics.some(
        (m) => m.name === 'FieldsMissing' && m.provider === c.provider && m.field === variant.field,
      )
        ? undefined
        : 'no FieldsMissing metric for the field';
    case 'required removed':
      if (error) return error instanceof ExtractionError ? undefined : `fails with ${String(error)}`;
      // Entries lacking what identifies them are skipped, and counted, on a list enclosing the field; an
      // optional part lacking it is read as absent, and counted.
      return skippedAround(variant.field) || partMissing(drift, variant.field)
        ? undefined
        : 'read without it, and nothing skipped';
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
      if (!named('skipped', variant.field)) return 'the placeholder was not counted as skipped';
      return outcome.metrics.some(
        (m) => m.name === 'EntriesSkipped' && m.provider === c.provider && m.field === variant.field,
      )
        ? undefined
        : 'no EntriesSkipped metric for the list';
  }
}

/**
 * What `rule` finds wrong with an outcome, unless the field is one another shape reads and this fixture's
 * entries carry unread (`unreadInOtherShape`), and the extraction is the same without error.
 */
function unreadOr(
  c: Case,
  field: string,
  baseline: unknown,
  outcome: ReturnType<typeof run>,
  rule: (o: ReturnType<typeof run>) => string | undefined,
): string | undefined {
  const unread = Object.keys(c.unreadInOtherShape ?? {}).some(
    (f) => field === f || field.startsWith(`${f}.`),
  );
  if (unread && !outcome.error && JSON.stringify(outcome.value) === JSON.stringify(baseline))
    return undefined;
  return rule(outcome);
}

/** Variants run, by connector and kind: the closing note quotes the totals (printed after the file). */
const ran = new Map<string, Map<string, number>>();
const count = (provider: string, kind: string, n = 1) => {
  const kinds = ran.get(provider) ?? new Map<string, number>();
  kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  ran.set(provider, kinds);
};

beforeAll(() => {
  // Drift reaches the metrics only where they are written (on Lambda, or with METRICS=emf).
  process.env.METRICS = 'emf';
  useProviders({
    site_g: { baseUrl: 'http://127.0.0.1:9/site_g', hosts: ['hotels.site-g.test', 'www.site-g.test'] },
  });
});
afterAll(() => {
  useProviders({});
  delete process.env.METRICS;
  const lines = [...ran].map(
    ([provider, kinds]) =>
      `${provider}: ${[...kinds.values()].reduce((a, b) => a + b, 0)} (${[...kinds]
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')})`,
  );
  const total = [...ran.values()].flatMap((k) => [...k.values()]).reduce((a, b) => a + b, 0);
  console.info(`mutation variants run: ${total}\n${lines.join('\n')}`);
});

it('has a row for every connector the contract names', () => {
  expect([...new Set(CASES.map((c) => c.provider))].sort()).toEqual([...CONNECTOR_TOKENS].sort());
});

/** Tolerant schemas a connector exports that have no row yet, with why (none left of #21's). */
const NOT_IN_TABLE: Record<string, string> = {};

it("has a row for every tolerant schema a connector exports, so that a new one's fields are mutated", async () => {
  // Prepare: every module of every connector folder
  const found: { key: string; schema: unknown }[] = [];
  for (const token of CONNECTOR_TOKENS) {
    const folder = new URL(`../../shared/providers/${token.replace('_', '-')}/`, import.meta.url);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (value instanceof Object && '_zod' in value && readerSchema(value as z.ZodType))
          found.push({ key: `${token} ${name}`, schema: value });
    }
  }
  // Act
  const rowless = found
    .filter(({ key, schema }) => !CASES.some((c) => c.schema === schema) && !NOT_IN_TABLE[key])
    .map(({ key }) => key);
  // Assess
  expect(found.length).toBeGreaterThan(CONNECTOR_TOKENS.length);
  expect(rowless).toEqual([]);
  // An entry goes when its schema is gone or has a row.
  expect(
    Object.keys(NOT_IN_TABLE).filter(
      (k) => !found.some(({ key, schema }) => key === k && !CASES.some((c) => c.schema === schema)),
    ),
  ).toEqual([]);
});

describe.each(CASES)('$provider fixtures, mutated', (c) => {
  it.each(c.fixtures)('%s: every variant keeps the tolerant rule', (name) => {
    // Prepare
    const fixture = load(name);
    const payload = c.select ? c.select(fixture) : fixture;
    const baseline = run(c, payload);
    expect(baseline.error).toBeUndefined();
    const all = variants(c.schema, payload);
    const oneEntry = oneEntryVariants(c.schema, payload);
    const optionalOneEntry = oneEntryVariants(c.schema, payload, true);
    // Act
    const breaches = [
      ...all.map((variant) => ({
        name: `${variant.kind} ${variant.field}`,
        why: unreadOr(c, variant.field, baseline.value, run(c, variant.payload), (o) =>
          breach(c, baseline.value, variant, o),
        ),
      })),
      ...oneEntry.map(({ field, payload: mutated }) => ({
        name: `required removed from one entry ${field}`,
        why: unreadOr(c, field, baseline.value, run(c, mutated), (o) => oneEntryBreach(c, field, o)),
      })),
      ...optionalOneEntry.map(({ field, payload: mutated }) => ({
        name: `optional removed from one entry ${field}`,
        why: unreadOr(c, field, baseline.value, run(c, mutated), (o) =>
          optionalOneEntryBreach(c, baseline.value, field, o),
        ),
      })),
    ].flatMap(({ name, why }) => {
      const gap = c.gaps?.[name];
      if (gap) return why ? [] : [`${name}: holds now (${gap}): remove it from gaps`];
      return why ? [`${name}: ${why}`] : [];
    });
    const unseen = Object.keys(c.gaps ?? {}).filter(
      (name) =>
        !all.some((v) => `${v.kind} ${v.field}` === name) &&
        !oneEntry.some((v) => `required removed from one entry ${v.field}` === name) &&
        !optionalOneEntry.some((v) => `optional removed from one entry ${v.field}` === name),
    );
    // Assess
    for (const v of all) count(c.provider, v.kind);
    count(c.provider, 'required removed from one entry', oneEntry.length);
    count(c.provider, 'optional removed from one entry', optionalOneEntry.length);
    expect(breaches).toEqual([]);
    // A gap names a variant of every fixture of its row.
    expect(unseen).toEqual([]);
    expect(all.some((v) => v.kind === 'unknown field added')).toBe(true);
  });
});
