/**
 * Pure readers of site_c's real answers: the batch envelope (one answer per query entry, in order, each
 * `{data}` or `{errors}`), the review list page, and the offers of a price poll, read by configurable paths
 * because the evidence for them disagrees.
 */
import * as z from 'zod';
import { PriceOffer, SiteCReview } from '../../schemas/site-c.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { isPlaceholder, recordMissing, tolerant } from '../../upstream/tolerant.ts';
import { geoOfPath } from './urls.ts';

const GraphqlError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

/** The batch answer: one entry per query sent, in the order sent. */
export const BatchAnswer = z.array(
  z.looseObject({ data: z.unknown().optional(), errors: z.array(GraphqlError).nullish() }),
);
export type BatchAnswer = z.infer<typeof BatchAnswer>;

/** A query of the batch, by its configuration name and the id sent. */
export interface SentQuery {
  name: string;
  id: string;
}

const isStale = (e: z.infer<typeof GraphqlError>) =>
  e.message === 'PersistedQueryNotFound' || e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND';

/**
 * The `data` of entry `index`. A `PersistedQueryNotFound` is the source no longer knowing the configured id:
 * an upstream error naming the operation and the id, so an operator knows what to update.
 * @example entryData([{ data: { x: 1 } }], 0, { name: 'reviews', id: 'ab12' }) // { x: 1 }
 */
export function entryData(answer: BatchAnswer, index: number, query: SentQuery, status = 200): unknown {
  const entry = answer[index];
  if (!entry)
    throw new ExtractionError('site_c', `the batch answer has no entry for the ${query.name} query`);
  const errors = entry.errors ?? [];
  if (errors.some(isStale))
    throw new UpstreamError(
      'site_c',
      `the pre-registered query ${query.id} (operations.${query.name}) is unknown to the source ` +
        `(PersistedQueryNotFound); configure its current id`,
      status,
    );
  if (errors.length && entry.data == null)
    throw new UpstreamError(
      'site_c',
      `the ${query.name} query failed (${errors.map((e) => e.message).join('; ')})`,
      status,
    );
  return entry.data;
}

const PhotoSize = z.looseObject({
  urlTemplate: z.string(),
  maxWidth: z.number().int().positive().nullish(),
  maxHeight: z.number().int().positive().nullish(),
});
const Media = z.looseObject({ data: z.looseObject({ photoSizeDynamic: PhotoSize }) });

// Read by the tolerant rule (docs/connector-guide.md): a review needs its id, its rating and the dates the
// contract has no empty value for (written, published, stayed); the rest may be absent.
const UserProfile = z.looseObject({
  id: z.string().optional(),
  displayName: z.string().optional(),
  username: z.string().optional(),
  isVerified: z.boolean().optional(),
  contributionCounts: z.looseObject({ sumAllUgc: z.number().int() }).nullish(),
  hometown: z
    .looseObject({
      fallbackString: z.string().nullish(),
      location: z
        .looseObject({
          name: z.string().nullish(),
          additionalNames: z.looseObject({ long: z.string().nullish() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  avatar: Media.nullish(),
});

export const RawReview = z.looseObject({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string().optional(),
  text: z.string().optional(),
  originalLanguage: z.string().optional(),
  createdDate: z.string(),
  publishedDate: z.string(),
  helpfulVotes: z.number().int().optional(),
  userProfile: UserProfile.nullish(),
  tripInfo: z.looseObject({ stayDate: z.string().nullish(), tripType: z.string().nullish() }).nullish(),
  additionalRatings: z
    .array(z.looseObject({ rating: z.number().int(), ratingLabelLocalizedString: z.string() }))
    .nullish(),
  photos: z.array(z.looseObject({ photo: z.looseObject({ photoSizeDynamic: PhotoSize }) })).nullish(),
  reviewDetailPageWrapper: z
    .looseObject({ reviewDetailPageRoute: z.looseObject({ url: z.string() }).nullish() })
    .nullish(),
  mgmtResponse: z
    .looseObject({
      text: z.string(),
      publishedDate: z.string(),
      connectionToSubject: z.string().nullish(),
      userProfile: z.looseObject({ displayName: z.string().optional() }).nullish(),
    })
    .nullish(),
  location: z.looseObject({ locationId: z.number().int().optional(), url: z.string().optional() }).nullish(),
});
export type RawReview = z.infer<typeof RawReview>;

/** One review entry's `data`: a list holding the location's page, empty when the source has no such location. */
export const ReviewListData = tolerant(
  'site_c',
  z.looseObject({
    ReviewsProxy_getReviewListPageForLocation: z.array(
      z.looseObject({
        totalCount: z.number().int().min(0),
        reviewListOptions: z.looseObject({ sortBy: z.string().nullish() }).nullish(),
        reviews: z.array(RawReview),
      }),
    ),
  }),
  'the reviews',
);
export type ReviewListData = z.infer<typeof ReviewListData>;

/** Avatars are served at this size (or the image's own, when smaller). */
export const AVATAR_PX = 200;

/** @example sized('https://x.test/a.jpg?w={width}&h={height}', 200, 200) // 'https://x.test/a.jpg?w=200&h=200' */
export function sized(template: string, width: number, height: number): string {
  return template.replaceAll('{width}', String(width)).replaceAll('{height}', String(height));
}

/** An additional rating's label as the contract's key: `Sleep Quality` → `sleep_quality`. */
const ratingKey = (label: string) => label.trim().toLowerCase().replace(/\s+/g, '_');

/** A review date: the source writes days, stays sometimes as months (taken as the month's first day). */
const day = (date: string) => (/^\d{4}-\d{2}$/.test(date) ? `${date}-01` : date);

/**
 * A review in the contract's terms. `origin` makes the review's relative URL absolute.
 * @example toReview(raw, 'https://www.site-c.test').review_url // 'https://www.site-c.test/ShowUserReviews-…'
 */
export function toReview(r: RawReview, origin: string): SiteCReview {
  const profile = r.userProfile;
  const home = profile?.hometown;
  const avatar = profile?.avatar?.data.photoSizeDynamic;
  const additional: Record<string, number> = {};
  for (const a of r.additionalRatings ?? []) additional[ratingKey(a.ratingLabelLocalizedString)] = a.rating;
  const response = r.mgmtResponse;
  const route = r.reviewDetailPageWrapper?.reviewDetailPageRoute?.url;
  // An emptied stay date is no date: read as absent, and counted as such.
  if (r.tripInfo?.stayDate === '')
    recordMissing(
      'site_c',
      'ReviewsProxy_getReviewListPageForLocation[].reviews[].tripInfo.stayDate',
      'the reviews',
    );
  return conform(
    'site_c',
    SiteCReview,
    {
      id: r.id,
      rating: r.rating,
      title: r.title ?? null,
      text: r.text ?? null,
      language: r.originalLanguage ?? null,
      created_date: r.createdDate,
      published_date: r.publishedDate,
      helpful_votes: r.helpfulVotes ?? null,
      user: profile
        ? {
            id: profile.id ?? null,
            display_name: profile.displayName ?? null,
            username: profile.username ?? null,
            is_verified: profile.isVerified ?? null,
            contribution_count: profile.contributionCounts?.sumAllUgc ?? null,
            hometown:
              home?.location?.additionalNames?.long ?? home?.location?.name ?? home?.fallbackString ?? null,
            avatar_url: avatar
              ? sized(
                  avatar.urlTemplate,
                  Math.min(AVATAR_PX, avatar.maxWidth ?? AVATAR_PX),
                  Math.min(AVATAR_PX, avatar.maxHeight ?? AVATAR_PX),
                )
              : null,
          }
        : null,
      // A review without trip information is kept (the contract's amendment 2), its parts null when absent.
      trip_info: r.tripInfo
        ? {
            stay_date: r.tripInfo.stayDate ? day(r.tripInfo.stayDate) : null,
            trip_type: r.tripInfo.tripType ?? null,
          }
        : null,
      additional_ratings: additional,
      photos: (r.photos ?? []).map(({ photo: { photoSizeDynamic: p } }) =>
        sized(p.urlTemplate, p.maxWidth ?? 1024, p.maxHeight ?? 768),
      ),
      review_url: route ? new URL(route, origin).href : null,
      owner_response: response
        ? {
            text: response.text,
            published_date: response.publishedDate,
            author: response.userProfile?.displayName ?? null,
            connection_to_subject: response.connectionToSubject ?? null,
          }
        : null,
    },
    'a review',
  );
}

export interface ReviewPage {
  /** Reviews of the hotel matching the language filter. */
  total: number;
  /** In the source's order. */
  reviews: SiteCReview[];
  /** The geo the source files the hotel under, from a review's page URL (undefined with no review). */
  geoId?: number;
}

/**
 * The reviews of a batch's entries (consecutive offsets) as one page, or undefined when the source has no
 * such location. An answer in another order than the one asked for is an upstream error, never re-sorted.
 * @example extractReviews([data], { origin: 'https://www.site-c.test', sortBy: 'DATE' })?.total
 */
export function extractReviews(
  entries: ReviewListData[],
  asked: { origin: string; sortBy: string },
): ReviewPage | undefined {
  const pages = entries.map((e) => e.ReviewsProxy_getReviewListPageForLocation[0]);
  const first = pages[0];
  if (!first) return undefined;
  const reviews: RawReview[] = [];
  for (const page of pages) {
    if (!page) throw new ExtractionError('site_c', 'a review entry answered no page for the location');
    const sortBy = page.reviewListOptions?.sortBy;
    if (sortBy && sortBy !== asked.sortBy)
      throw new UpstreamError(
        'site_c',
        `the source ordered reviews by ${sortBy}, not ${asked.sortBy} (operations.reviews_sort)`,
      );
    reviews.push(...page.reviews);
  }
  const geo = reviews
    .map((r) => (r.location?.url ? geoOfPath(r.location.url) : undefined))
    .find((g) => g !== undefined);
  return {
    total: first.totalCount,
    reviews: reviews.map((r) => toReview(r, asked.origin)),
    ...(geo === undefined ? {} : { geoId: geo }),
  };
}

/**
 * Where a price poll's values are: the offer lists of `HPS_getWebHROffers`, its completeness flag, and
 * dotted paths into each offer. Configuration (`operations`), since three readings of the evidence disagree;
 * an empty path means "the source does not say".
 */
export const OFFER_READING = {
  offer_lists: 'chevronOffers,hiddenOffers',
  offers_complete: 'complete',
  offer_provider: 'data.dataAtts.provider',
  offer_per_night: 'data.dataAtts.perNight',
  offer_total: 'data.dataAtts.totalPrice',
  offer_taxes: 'data.dataAtts.taxesValue',
  offer_currency: 'data.dataAtts.currency',
  offer_rooms_left: '',
  offer_member_rate: '',
};
export type OfferReading = typeof OFFER_READING;

/** @example at({ a: { b: 1 } }, 'a.b') // 1 */
function at(value: unknown, path: string): unknown {
  if (!path) return undefined;
  let here = value;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/**
 * An amount as a number or as the digits of a data attribute (`"1,234.50"`), checked as one type (a union
 * would not let the tolerant reader tell an absent amount from a wrong one).
 */
const Amount = z
  .custom<number | string>(
    (v) => typeof v === 'number' || (typeof v === 'string' && /^\d[\d,]*(?:\.\d+)?$/.test(v.trim())),
    { error: 'an amount, as a number or its digits' },
  )
  .transform((v) => (typeof v === 'number' ? v : Number(v.trim().replace(/,/g, ''))))
  .pipe(z.number().min(0).finite());

// Read by the tolerant rule (docs/connector-guide.md): a seller is its name and the prices the contract
// has no null for (per night, total, taxes); currency, rooms left and the member flag may be absent.
const sellerFields = {
  provider: z.string().min(1),
  perNight: Amount,
  total: Amount,
  taxes: Amount,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  roomsLeft: z.number().int().min(0).optional(),
  memberRate: z.boolean().optional(),
};
type SellerField = keyof typeof sellerFields;

/** A seller as read: rooms left null and the member flag false where the source does not say. */
export interface Seller {
  provider: string;
  perNight: number;
  total: number;
  taxes: number;
  currency?: string;
  roomsLeft: number | null;
  memberRate: boolean;
}

export const OffersData = z.looseObject({ HPS_getWebHROffers: z.looseObject({}) });

export interface OffersPoll {
  /** Every seller has answered. */
  complete: boolean;
  sellers: Seller[];
}

/** Where each seller field is read from, by the reading's key. */
const SELLER_PATHS: Record<SellerField, keyof OfferReading> = {
  provider: 'offer_provider',
  perNight: 'offer_per_night',
  total: 'offer_total',
  taxes: 'offer_taxes',
  currency: 'offer_currency',
  roomsLeft: 'offer_rooms_left',
  memberRate: 'offer_member_rate',
};

const readers = new Map<string, z.ZodType>();
/**
 * The tolerant schema of a poll's offer lists as `reading` places them: one key per list, each entry a
 * seller of the fields the reading locates (a field whose path is empty is one the source does not say,
 * so its absence is no drift). Built once per reading.
 */
function sellersReader(lists: string[], fields: SellerField[]): z.ZodType {
  const key = `${lists.join(',')}|${fields.join(',')}`;
  let reader = readers.get(key);
  if (!reader) {
    const Entry = z.looseObject(Object.fromEntries(fields.map((f) => [f, sellerFields[f]])));
    const shape = Object.fromEntries(lists.map((l) => [l, z.array(Entry).nullish()]));
    reader = tolerant('site_c', z.looseObject(shape), 'the offers');
    readers.set(key, reader);
  }
  return reader;
}

/**
 * The sellers a poll has so far, read through `reading` by the tolerant rule: a placeholder offer, or
 * one without its seller or a price, is skipped and counted; an absent optional field is counted; a
 * field present with a value it cannot be (an amount that is no number) fails the answer. An absent
 * list is counted as missing; an answer with none of the configured lists has changed its format.
 * @example extractOffers({ HPS_getWebHROffers: { complete: true, chevronOffers: [] } }, OFFER_READING) // { complete: true, sellers: [] }
 */
export function extractOffers(data: z.infer<typeof OffersData>, reading: OfferReading): OffersPoll {
  const root = data.HPS_getWebHROffers;
  const complete = conform('site_c', z.boolean(), at(root, reading.offers_complete), 'the offers flag');
  const lists = reading.offer_lists
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  const fields = (Object.keys(SELLER_PATHS) as SellerField[]).filter((f) => reading[SELLER_PATHS[f]]);
  const projected: Record<string, unknown> = {};
  for (const list of lists) {
    const offers = at(root, list);
    if (offers === undefined) continue;
    // A list the source sends as null holds no offer: there, and empty.
    if (offers === null) {
      projected[list] = null;
      continue;
    }
    if (!Array.isArray(offers)) throw new ExtractionError('site_c', `the offer list ${list} is not a list`);
    projected[list] = offers.map((offer: unknown) =>
      // A placeholder stays one; anything else is read through the configured paths.
      isPlaceholder(offer) || typeof offer !== 'object'
        ? offer
        : Object.fromEntries(
            fields.flatMap((f) => {
              const value = at(offer, reading[SELLER_PATHS[f]]);
              // A field the offer does not carry (or carries as null) is absent, as the reader counts it.
              return value === undefined || value === null ? [] : [[f, value]];
            }),
          ),
    );
  }
  if (Object.keys(projected).length === 0)
    throw new ExtractionError(
      'site_c',
      `the offers answer has none of the offer lists (${lists.join(', ')})`,
    );
  const read = conform('site_c', sellersReader(lists, fields), projected, 'the offers') as Record<
    string,
    z.infer<z.ZodObject<typeof sellerFields>>[] | null | undefined
  >;
  const sellers = lists.flatMap((list) =>
    (read[list] ?? []).map((s): Seller => ({
      provider: s.provider,
      perNight: s.perNight,
      total: s.total,
      taxes: s.taxes,
      ...(s.currency === undefined ? {} : { currency: s.currency }),
      roomsLeft: s.roomsLeft ?? null,
      memberRate: s.memberRate ?? false,
    })),
  );
  return { complete, sellers };
}

// The symbol where it is unambiguous ($, €, £), else the code (SEK 1,234.50): never "kr" for three currencies.
const formatted = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

export interface PricedOffers {
  hasMemberRates: boolean;
  /** The lowest total, formatted; null when no seller offers the stay. */
  lowest: string | null;
  /** Cheapest first. */
  offers: PriceOffer[];
}

/**
 * Sellers as the contract's offers, cheapest first, amounts formatted in `currency`.
 * @example priceOffers([{ provider: 'site_a', perNight: 100, total: 224, taxes: 24, roomsLeft: null, memberRate: false }], 'EUR').lowest // '€224.00'
 */
export function priceOffers(sellers: Seller[], currency: string): PricedOffers {
  const lowest = Math.min(...sellers.map((s) => s.total));
  return {
    hasMemberRates: sellers.some((s) => s.memberRate),
    lowest: sellers.length ? formatted(lowest, currency) : null,
    offers: [...sellers]
      .sort((a, b) => a.total - b.total)
      .map((s) =>
        conform(
          'site_c',
          PriceOffer,
          {
            provider: s.provider,
            price_per_night: formatted(s.perNight, currency),
            total_stay_price: formatted(s.total, currency),
            taxes_value: s.taxes,
            is_lowest_price: s.total === lowest,
            rooms_remaining: s.roomsLeft,
          },
          'an offer',
        ),
      ),
  };
}
