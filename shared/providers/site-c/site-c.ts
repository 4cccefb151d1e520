/**
 * site_c: location ids from hotel page URLs (standard, paged, other country hosts, mobile), reviews
 * newest first (translated to English when all languages are asked for), and seller price offers.
 */
import * as z from 'zod';
import { PriceOffer, SiteCReview } from '../../schemas/site-c.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

const HOTEL_PAGE = /^\/Hotel_Review-g\d+-d(\d+)-Reviews(?:-or\d+)?-[^/]+\.html$/;

/** @example locationIdOf('https://m.site-c.test/Hotel_Review-g187147-d300467-Reviews-or10-X.html') // 300467 */
export function locationIdOf(input: string): number {
  const url = parseUserUrl(input, 'site_c');
  const m = HOTEL_PAGE.exec(url.pathname);
  if (!m)
    throw new DisallowedUrlError(
      input,
      'not a site_c hotel page URL (/Hotel_Review-g<geo>-d<id>-Reviews-<name>.html)',
    );
  return Number(m[1]);
}

const RawReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  originalLanguage: z.string(),
  translatedText: z.string().nullable(),
  createdDate: z.string(),
  publishedDate: z.string(),
  helpfulVotes: z.number().int(),
  user: z.object({
    id: z.string(),
    displayName: z.string(),
    username: z.string(),
    isVerified: z.boolean(),
    contributionCount: z.number().int(),
    hometown: z.string(),
    avatar: z.string(),
  }),
  trip: z.object({ stayDate: z.string(), type: z.string() }),
  subratings: z.record(z.string(), z.number().int()),
  photos: z.array(z.string()),
  url: z.string(),
  response: z
    .object({ text: z.string(), publishedDate: z.string(), author: z.string(), connection: z.string() })
    .nullable(),
});
const Reviews = z.object({
  location: z.object({ locationId: z.number().int() }),
  totalCount: z.number().int(),
  reviews: z.array(RawReview),
});

/**
 * A page of a hotel's reviews, newest first, or undefined when site_c has no such location. With
 * `language: 'all'` each text is the English translation; with a code, only reviews written in it.
 * @example await siteCReviews(ctx, { locationId: 314467, page: 1, perPage: 10, language: 'all' }) // { total: 120, reviews: [...] }
 */
export async function siteCReviews(
  ctx: UpstreamContext,
  q: { locationId: number; page: number; perPage: number; language: string },
): Promise<{ total: number; reviews: SiteCReview[] } | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'site_c',
      path: '/data/reviews',
      expect: 'json',
      cache: 'reviews',
      notFoundOk: true,
      query: {
        locationId: q.locationId,
        offset: (q.page - 1) * q.perPage,
        limit: q.perPage,
        language: q.language,
      },
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const { totalCount, reviews } = conform('site_c', Reviews, res.body, 'the review list');
  const translate = q.language === 'all';
  return {
    total: totalCount,
    reviews: reviews
      .map((r) =>
        conform(
          'site_c',
          SiteCReview,
          {
            id: r.id,
            rating: r.rating,
            title: r.title,
            text: translate ? (r.translatedText ?? r.text) : r.text,
            language: r.originalLanguage,
            created_date: r.createdDate,
            published_date: r.publishedDate,
            helpful_votes: r.helpfulVotes,
            user: {
              id: r.user.id,
              display_name: r.user.displayName,
              username: r.user.username,
              is_verified: r.user.isVerified,
              contribution_count: r.user.contributionCount,
              hometown: r.user.hometown,
              avatar_url: r.user.avatar,
            },
            trip_info: { stay_date: r.trip.stayDate, trip_type: r.trip.type },
            additional_ratings: r.subratings,
            photos: r.photos,
            review_url: r.url,
            owner_response: r.response && {
              text: r.response.text,
              published_date: r.response.publishedDate,
              author: r.response.author,
              connection_to_subject: r.response.connection,
            },
          },
          'a review',
        ),
      )
      .sort((a, b) => b.published_date.localeCompare(a.published_date)),
  };
}

const Offers = z.object({
  complete: z.boolean(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  offers: z.array(
    z.object({
      vendor: z.string(),
      perNight: z.number(),
      total: z.number(),
      taxes: z.number(),
      memberRate: z.boolean(),
      roomsLeft: z.number().int().nullable(),
    }),
  ),
});

// The symbol where it is unambiguous ($, €, £), else the code (SEK 1,234.50): never "kr" for three currencies.
const formatted = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

export interface SiteCOffers {
  /** The currency site_c priced in: the asked one, or its default when it does not price in that one. */
  currency: string;
  complete: boolean;
  hasMemberRates: boolean;
  /** The lowest total, formatted; null when no seller offers the stay. */
  lowest: string | null;
  /** Cheapest first. */
  offers: PriceOffer[];
}

/**
 * Seller offers for a stay, cheapest first, or undefined when site_c has no such location.
 * @example await siteCOffers(ctx, { locationId: 314467, checkIn: '2030-06-01', checkOut: '2030-06-03', adults: 2, rooms: 1, currency: 'EUR' })
 */
export async function siteCOffers(
  ctx: UpstreamContext,
  q: {
    locationId: number;
    checkIn: string;
    checkOut: string;
    adults: number;
    rooms: number;
    currency: string;
  },
): Promise<SiteCOffers | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'site_c',
      path: '/data/offers',
      expect: 'json',
      cache: 'prices',
      notFoundOk: true,
      query: {
        locationId: q.locationId,
        checkIn: q.checkIn,
        checkOut: q.checkOut,
        adults: q.adults,
        rooms: q.rooms,
        currency: q.currency,
      },
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const { complete, currency, offers } = conform('site_c', Offers, res.body, 'the offers');
  const lowest = Math.min(...offers.map((o) => o.total));
  const sorted = [...offers].sort((a, b) => a.total - b.total);
  return {
    currency,
    complete,
    hasMemberRates: offers.some((o) => o.memberRate),
    lowest: offers.length ? formatted(lowest, currency) : null,
    offers: sorted.map((o) =>
      conform(
        'site_c',
        PriceOffer,
        {
          provider: o.vendor,
          price_per_night: formatted(o.perNight, currency),
          total_stay_price: formatted(o.total, currency),
          taxes_value: o.taxes,
          is_lowest_price: o.total === lowest,
          rooms_remaining: o.roomsLeft,
        },
        'an offer',
      ),
    ),
  };
}
