/**
 * site_a's guest reviews, as its web app reads them: the GraphQL `ReviewList` operation (a POST of the
 * operation's full query text to `/dml/graphql`) answering `data.reviewListFrontend`, either a
 * `ReviewListFrontendResult` (review cards, the count under the filters, the language and score filters
 * with their counts, the sorters it knows) or a `ReviewsFrontendError`. Reviews are invented, in several
 * languages, with the optional parts (avatar, room, reply, photos) present on some cards only.
 */
import { hash, pick, rng } from '../random.ts';
import type { SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

/** The sorters the source lists in its answers (`sorters[]`), with their labels. */
export const SITE_A_SORTERS: Record<string, string> = {
  MOST_RELEVANT: 'Most relevant',
  NEWEST_FIRST: 'Newest first',
  OLDEST_FIRST: 'Oldest first',
  SCORE_DESC: 'Highest scores',
  SCORE_ASC: 'Lowest scores',
};

const LANGUAGES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  ja: 'Japanese',
  zh: 'Chinese',
};
const LANGUAGE_MIX = ['en', 'en', 'en', 'en', 'fr', 'de', 'de', 'es', 'it', 'nl', 'ja', 'zh'];
const GUESTS = ['Anouk', 'Bram', 'Chiara', 'Dmitri', 'Elif', 'Farid', 'Greta', 'Hiro', 'Inès', 'Jonas'];
const COUNTRIES = [
  ['gb', 'United Kingdom'],
  ['de', 'Germany'],
  ['fr', 'France'],
  ['us', 'United States'],
  ['jp', 'Japan'],
  ['nl', 'Netherlands'],
  ['br', 'Brazil'],
] as const;
const TRAVELLERS = [
  ['COUPLE', 'Couple'],
  ['FAMILY_WITH_YOUNG_CHILDREN', 'Family'],
  ['SOLO_TRAVELLER', 'Solo traveller'],
  ['GROUP_OF_FRIENDS', 'Group'],
  ['BUSINESS_TRAVELLER', 'Business traveller'],
] as const;
const ROOMS = ['Double Room', 'Twin Room', 'Superior Double Room', 'Family Room'];
const TITLES = ['Wonderful', 'Very good', 'Pleasant stay', 'Good value', 'Disappointing', ''];

/** How many reviews site_a holds for a hotel. @example siteAReviewCount(hotel) // 6 to 75 */
export const siteAReviewCount = (h: Hotel) => 6 + (hash(`sar:${h.key}`) % 70);

/** The review word site_a shows beside a score. @example scoreWord(8.4) // 'Very good' */
export function scoreWord(score: number): string {
  if (score >= 9) return 'Wonderful';
  if (score >= 8) return 'Very good';
  if (score >= 7) return 'Good';
  if (score >= 6) return 'Pleasant';
  return 'Review score';
}

/** A review id as the source keys its cards: the review's URL slug. */
const reviewUrl = (h: Hotel, i: number) =>
  `${h.slug.slice(0, 12)}-${(hash(`rv:${h.key}:${i}`) >>> 4).toString(16)}`;

function card(h: Hotel, i: number) {
  const r = rng(`sar:${h.key}:${i}`);
  const lang = pick(r, LANGUAGE_MIX);
  // Scores lean high, as guests' do: from 1 to 10, most above 7.
  const score = Math.round((10 - 9 * r() ** 2.2) * 10) / 10;
  const reviewed =
    Date.UTC(2026, 9, 30, 12) / 1000 - (i * 5 + Math.floor(r() * 5)) * 86_400 - Math.floor(r() * 3600);
  const checkin = new Date((reviewed - 12 * 86_400) * 1000);
  const nights = 1 + Math.floor(r() * 7);
  const checkout = new Date(checkin.getTime() + nights * 86_400_000);
  const [customerType, travellerLabel] = pick(r, TRAVELLERS);
  const [countryCode, countryName] = pick(r, COUNTRIES);
  const anonymous = r() < 0.08;
  const room = r() < 0.85 ? pick(r, ROOMS) : undefined;
  const replied = r() < 0.2;
  const withPhotos = r() < 0.15;
  const photoId = 500_000_000 + (hash(`rvp:${h.key}:${i}`) % 1_000_000);
  return {
    __typename: 'ReviewCard',
    reviewUrl: reviewUrl(h, i),
    guestDetails: {
      __typename: 'GuestDetails',
      username: anonymous ? 'Anonymous' : pick(r, GUESTS),
      avatarUrl:
        anonymous || r() < 0.5 ? null : `https://avatars.site-a.test/avatar/${hash(`av:${h.key}:${i}`)}.jpg`,
      countryCode: anonymous ? null : countryCode,
      countryName: anonymous ? null : countryName,
      avatarColor: '#0071c2',
      showCountryFlag: !anonymous,
      anonymous,
      guestTypeTranslation: travellerLabel,
    },
    bookingDetails: {
      __typename: 'BookingDetails',
      customerType,
      roomId: room ? 100 + ROOMS.indexOf(room) : null,
      roomType: room
        ? { __typename: 'RoomTranslation', id: String(100 + ROOMS.indexOf(room)), name: room }
        : null,
      checkinDate: checkin.toISOString().slice(0, 10),
      checkoutDate: checkout.toISOString().slice(0, 10),
      numNights: nights,
      stayStatus: 'stayed',
    },
    reviewedDate: reviewed,
    isTranslatable: lang !== 'en',
    helpfulVotesCount: Math.floor(r() * 6),
    reviewScore: score,
    textDetails: {
      __typename: 'TextDetails',
      title: score >= 6 ? pick(r, TITLES) : 'Disappointing',
      positiveText: r() < 0.9 ? 'Helpful staff, a quiet room and a short walk to the centre.' : null,
      negativeText: r() < 0.6 ? 'The breakfast room was crowded in the morning.' : null,
      textTrivialFlag: 0,
      lang,
    },
    isApproved: true,
    partnerReply: replied
      ? { __typename: 'PartnerReply', reply: 'Thank you for your review; we hope to welcome you again.' }
      : null,
    positiveHighlights: [],
    negativeHighlights: [],
    editUrl: null,
    photos: withPhotos
      ? [
          {
            __typename: 'ReviewPhoto',
            id: String(photoId),
            kind: 'REVIEW',
            urls: [
              {
                __typename: 'ReviewPhotoUrl',
                size: 'square80',
                url: `https://review-images.site-a.test/square80/${photoId}.jpg`,
              },
              {
                __typename: 'ReviewPhotoUrl',
                size: 'max500',
                url: `https://review-images.site-a.test/max500/${photoId}.jpg`,
              },
            ],
          },
        ]
      : null,
  };
}
export type ReviewCard = ReturnType<typeof card>;

const cards = new Map<string, ReviewCard[]>();

/** Every review of a hotel, in the order the source calls most relevant. */
export function siteAReviews(h: Hotel): ReviewCard[] {
  let list = cards.get(h.key);
  if (!list) {
    list = Array.from({ length: siteAReviewCount(h) }, (_v, i) => card(h, i)).sort(
      (a, b) => hash(`rel:${a.reviewUrl}`) - hash(`rel:${b.reviewUrl}`),
    );
    if (cards.size >= 256) cards.delete(cards.keys().next().value!);
    cards.set(h.key, list);
  }
  return list;
}

/** The hotel's review score (the mean of its reviews, one decimal), as its listing shows it. */
export function siteAScore(h: Hotel): number {
  const list = siteAReviews(h);
  return Math.round((list.reduce((n, c) => n + c.reviewScore, 0) / list.length) * 10) / 10;
}

const SORTS: Record<string, (a: ReviewCard, b: ReviewCard) => number> = {
  NEWEST_FIRST: (a, b) => b.reviewedDate - a.reviewedDate,
  OLDEST_FIRST: (a, b) => a.reviewedDate - b.reviewedDate,
  SCORE_DESC: (a, b) => b.reviewScore - a.reviewScore || b.reviewedDate - a.reviewedDate,
  SCORE_ASC: (a, b) => a.reviewScore - b.reviewScore || b.reviewedDate - a.reviewedDate,
};

interface ReviewListInput {
  hotelId?: unknown;
  hotelCountryCode?: unknown;
  sorter?: unknown;
  skip?: unknown;
  limit?: unknown;
  filters?: { languages?: unknown };
}

const graphqlError = (message: string): SiteResponse => ({
  status: 400,
  json: { errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }], data: null },
});

function reviewList(input: ReviewListInput) {
  const h = getWorld().bySiteA.get(Number(input.hotelId));
  // The hotel's country is part of its key: a wrong one finds nothing, as an unknown id does.
  if (!h || input.hotelCountryCode !== h.city.country.toLowerCase())
    return { __typename: 'ReviewsFrontendError', statusCode: 404, message: 'Property not found' };
  const all = siteAReviews(h);
  const languages = Array.isArray(input.filters?.languages) ? input.filters.languages.map(String) : [];
  const filtered = languages.length ? all.filter((c) => languages.includes(c.textDetails.lang)) : all;
  const sorter = String(input.sorter ?? 'MOST_RELEVANT');
  const sorted = SORTS[sorter] ? [...filtered].sort(SORTS[sorter]) : filtered;
  const skip = Number.isInteger(input.skip) ? Math.max(0, input.skip as number) : 0;
  const limit = Number.isInteger(input.limit) ? Math.min(50, Math.max(1, input.limit as number)) : 10;
  const perLanguage = new Map<string, number>();
  for (const c of all) perLanguage.set(c.textDetails.lang, (perLanguage.get(c.textDetails.lang) ?? 0) + 1);
  const scoreBucket = (low: number, high: number) =>
    all.filter((c) => c.reviewScore >= low && c.reviewScore < high).length;
  return {
    __typename: 'ReviewListFrontendResult',
    ratingScores: ['Staff', 'Facilities', 'Cleanliness', 'Comfort', 'Value for money', 'Location'].map(
      (name, i) => ({
        __typename: 'RatingScore',
        name: name.toLowerCase().replace(/ /g, '_'),
        translation: name,
        value: Math.round((6 + (hash(`${h.key}:${i}`) % 40) / 10) * 10) / 10,
        ufiScoresAverage: null,
      }),
    ),
    topicFilters: [],
    reviewScoreFilter: [
      { __typename: 'ReviewScoreFilter', name: 'All', value: 'ALL', count: all.length },
      {
        __typename: 'ReviewScoreFilter',
        name: 'Wonderful: 9+',
        value: 'REVIEW_ADJ_SUPERB',
        count: scoreBucket(9, 11),
      },
      {
        __typename: 'ReviewScoreFilter',
        name: 'Good: 7-9',
        value: 'REVIEW_ADJ_GOOD',
        count: scoreBucket(7, 9),
      },
      {
        __typename: 'ReviewScoreFilter',
        name: 'Fair: 5-7',
        value: 'REVIEW_ADJ_AVERAGE_PASSABLE',
        count: scoreBucket(5, 7),
      },
      {
        __typename: 'ReviewScoreFilter',
        name: 'Poor: 3-5',
        value: 'REVIEW_ADJ_POOR',
        count: scoreBucket(3, 5),
      },
      {
        __typename: 'ReviewScoreFilter',
        name: 'Very poor: 1-3',
        value: 'REVIEW_ADJ_VERY_POOR',
        count: scoreBucket(0, 3),
      },
    ],
    languageFilter: [
      {
        __typename: 'LanguageFilter',
        name: 'All languages',
        value: '',
        count: all.length,
        countryFlag: null,
      },
      ...[...perLanguage].map(([code, count]) => ({
        __typename: 'LanguageFilter',
        name: LANGUAGES[code] ?? code,
        value: code,
        count,
        countryFlag: code === 'en' ? 'gb' : code,
      })),
    ],
    timeOfYearFilter: [],
    customerTypeFilter: [],
    reviewCard: sorted.slice(skip, skip + limit),
    reviewsCount: filtered.length,
    sorters: Object.entries(SITE_A_SORTERS).map(([value, name]) => ({
      __typename: 'SorterOption',
      name,
      value,
    })),
  };
}

/**
 * `POST /dml/graphql`: the web app's GraphQL endpoint, answering the `ReviewList` operation sent with its
 * query text. Another operation, or a query text without `reviewListFrontend`, is refused as the source
 * refuses an unknown persisted or unsigned operation; an unknown sorter is a variable error.
 */
export function graphql(req: SiteRequest): SiteResponse {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
    return { status: 415, json: { errors: [{ message: 'Unsupported Media Type' }] } };
  let body: { operationName?: unknown; query?: unknown; variables?: { input?: ReviewListInput } };
  try {
    body = JSON.parse(req.body) as typeof body;
  } catch {
    return graphqlError('Unexpected token in JSON body');
  }
  if (
    body.operationName !== 'ReviewList' ||
    typeof body.query !== 'string' ||
    !body.query.includes('reviewListFrontend')
  )
    return graphqlError(`Unknown operation ${String(body.operationName)}`);
  const input = body.variables?.input ?? {};
  if (!Number.isInteger(input.hotelId) || typeof input.hotelCountryCode !== 'string')
    return graphqlError('Variable "$input" got invalid value: hotelId and hotelCountryCode are required');
  const sorter = String(input.sorter ?? 'MOST_RELEVANT');
  if (!(sorter in SITE_A_SORTERS))
    return graphqlError(
      `Variable "$input" got invalid value "${sorter}" at "input.sorter"; Value "${sorter}" does not exist in "ReviewListSorter" enum.`,
    );
  return { status: 200, json: { data: { reviewListFrontend: reviewList(input) } } };
}
