/**
 * rental's reviews in their real format (`GET /api/v3/StaysPdpReviewsQuery/<sha256>`, the web app's key, a
 * known hash, JSON `variables{id: base64("StayListing:{id}"), pdpReviewsRequest{limit, first, offset (a
 * number as a string), sortingPreference BEST_QUALITY | MOST_RECENT, …}}`):
 * `data.presentation.stayProductDetailPage.reviews{reviews[], metadata{reviewsCount, endCursor: null,
 * reviewTags[]}}`. The offset is not echoed; comments are HTML with `<br/>` and character references;
 * about a third of the reviews carry the host's response. A listing has as many reviews as its page's
 * `reviewCount` says; one the platform does not have answers a null page.
 */
import { hash, pick, rng } from '../random.ts';
import type { Route, SiteResponse } from '../site.ts';
import { apiRefusal, graphqlError, json, listing, presented, type Listing } from './rental-world.ts';

/** The reviews' persisted-query hash this sandbox knows (handed out as provider configuration). */
export const REVIEWS_HASH = '9a2c4e6f8b0d1e3f5a7c9e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f';
const DAY_MS = 86_400_000;
/** Reviews are dated back from this day, so that they never move between runs. */
const REVIEWS_UNTIL = Date.UTC(2026, 10, 1);
const NAMES = ['Camille', 'Jonas', 'Priya', 'Mateus', 'Hana', 'Oskar', 'Leila', 'Tomás', 'Yuki', 'Aoife'];
const PLACES = ['Lyon, France', 'Porto, Portugal', 'Osaka, Japan', 'Toronto, Canada', 'Cork, Ireland'];
const TEXTS = [
  'Lovely place, spotless &amp; bright.<br/>The host answered within minutes.',
  'Great location for exploring the old town.<br/><br/>Would stay again.',
  'Comfortable beds and a well equipped kitchen. A bit noisy at night.',
  'Exactly as pictured.<br/>Check-in was easy with the lockbox.',
  'Good value for a short stay; the Wi-Fi was slow.',
];
const TAGS = [
  ['LOCATION', 'Location'],
  ['CLEANLINESS', 'Cleanliness'],
  ['HOSPITALITY', 'Hospitality'],
  ['SLEEP', 'Sleep'],
  ['KITCHEN', 'Kitchen'],
] as const;

interface Review {
  j: number;
  rating: number;
  at: number;
  quality: number;
}

/** Every review of a listing, newest first. */
function reviewsOf(l: Listing): Review[] {
  return Array.from({ length: l.reviews }, (_v, j) => {
    const r = rng(`rental-review:${l.id}:${j}`);
    return {
      j,
      rating: r() < 0.8 ? 5 : r() < 0.7 ? 4 : 1 + Math.floor(r() * 3),
      at: REVIEWS_UNTIL - (j * 4 + Math.floor(r() * 4)) * DAY_MS,
      quality: r(),
    };
  });
}

const month = (t: number) =>
  new Date(t).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One review as the API writes it (`PdpReviewForP3`). */
function render(l: Listing, rv: Review, base: string) {
  const r = rng(`rental-review-text:${l.id}:${rv.j}`);
  const name = pick(r, NAMES);
  const comments = pick(r, TEXTS);
  const responded = r() < 0.35;
  const photos =
    r() < 0.1 ? [`${base}/im/pictures/miso/Hosting-${l.id}/original/${rv.j.toString(16)}-r.jpeg`] : [];
  const picture = `${base}/im/pictures/user/User-${hash(`${l.id}:${rv.j}`)}/original/a.jpeg`;
  const nights = pick(r, ['Stayed a few nights', 'Stayed one night', 'Stayed about a week', 'Group trip']);
  const plain = comments.replace(/<br\/>/g, '\n').replace(/&amp;/g, '&');
  return {
    __typename: 'PdpReviewForP3',
    id: String(1_000_000_000_000_000_000n + BigInt(hash(`${l.id}:${rv.j}`)) * 1_000n + BigInt(rv.j)),
    rating: rv.rating,
    language: 'en',
    createdAt: new Date(rv.at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    localizedDate: month(rv.at),
    comments,
    commentV2: plain,
    localizedCommentV2: {
      comments: plain,
      commentsLanguage: 'en',
      disclaimer: null,
      needsTranslation: false,
    },
    localizedReview: null,
    reviewer: {
      __typename: 'User',
      firstName: name,
      pictureUrl: picture,
      userProfilePicture: { baseUrl: picture },
    },
    reviewee: { __typename: 'User', firstName: l.host },
    localizedReviewerLocation: r() < 0.8 ? pick(r, PLACES) : null,
    response: responded ? `Thank you ${name}!<br/>We hope to welcome you again.` : null,
    localizedRespondedDate: responded ? month(rv.at + 2 * DAY_MS) : null,
    reviewHighlight: nights,
    highlightType: 'LENGTH_OF_STAY',
    reviewPhotoUrls: photos,
    reviewMediaItems: photos.map((baseUrl) => ({ __typename: 'Image', baseUrl })),
  };
}

interface ReviewsVariables {
  id?: string;
  pdpReviewsRequest?: { limit?: number; offset?: string; sortingPreference?: string };
}

/** The reviews route of the rental site. */
export const reviewsRoute: Route = [
  'GET',
  /^\/api\/v3\/StaysPdpReviewsQuery\/([0-9a-f]{64})$/,
  ({ match, query, headers, base }): SiteResponse => {
    const refusal = apiRefusal(
      headers,
      query.get('operationName'),
      'StaysPdpReviewsQuery',
      [REVIEWS_HASH],
      match[1]!,
      query.get('extensions'),
    );
    if (refusal) return refusal;
    const v = json<ReviewsVariables>(query.get('variables'));
    const id = /^StayListing:(\d+)$/.exec(Buffer.from(v?.id ?? '', 'base64').toString())?.[1];
    const req = v?.pdpReviewsRequest;
    const offset = Number(req?.offset ?? '0');
    const limit = req?.limit ?? 24;
    const sort = req?.sortingPreference ?? 'BEST_QUALITY';
    if (
      !id ||
      !/^\d+$/.test(req?.offset ?? '0') ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 50 ||
      !['BEST_QUALITY', 'MOST_RECENT'].includes(sort)
    )
      return graphqlError('Invalid variables', 'BAD_REQUEST');
    const l = listing(id);
    if (!l) return { status: 200, json: { data: { presentation: { stayProductDetailPage: null } } } };
    const all = reviewsOf(l);
    const ordered =
      sort === 'MOST_RECENT' ? all : [...all].sort((a, b) => b.quality - a.quality || a.j - b.j);
    const tags = TAGS.filter(([name]) => hash(`${l.id}:${name}`) % 3 !== 0).map(([name, label]) => ({
      __typename: 'PdpReviewTag',
      name,
      localizedName: label,
      count: Math.max(1, Math.floor((l.reviews * (1 + (hash(`${l.id}:${name}:n`) % 5))) / 10)),
    }));
    return {
      status: 200,
      json: {
        ...presented({
          stayProductDetailPage: {
            __typename: 'StayProductDetailPage',
            reviews: {
              __typename: 'PdpReviews',
              reviews: ordered.slice(offset, offset + limit).map((rv) => render(l, rv, base)),
              metadata: {
                __typename: 'PdpReviewsMetadata',
                reviewsCount: l.reviews,
                endCursor: null,
                isAutoTranslateOn: false,
                reviewTags: l.reviews ? tags : [],
              },
            },
          },
        }),
        extensions: { traceId: hash(`${query.get('variables')}:${Date.now()}`).toString(16) },
      },
    };
  },
];
