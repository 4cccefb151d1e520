/**
 * A site_a hotel's review scores (real-sources §16 site_a, scores): from its page's cache, the
 * `PropertyReview` (overall score, count, and the rating questions per kind of traveller) and the
 * `reviewsFrontend(…)` entry (category scores as long floats, the pros and cons summary); from the review
 * list (`ReviewList`) where it answers, its facets: the score bands and the languages.
 */
import * as z from 'zod';
import type { SiteACategories, SiteAHotelScores } from '../../schemas/site-a-hotel.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { valueAt as at } from '../../extraction/values.ts';
import type { HotelPageData } from './hotel-page.ts';
import { decodeEntities } from './rooms-table.ts';

const Mention = z.looseObject({
  description: z.string().min(1),
  numberOfMentions: z.number().int().min(0).nullish(),
});

/** The scores view of a hotel page, read by the tolerant rule. */
export const ScoresView = tolerant(
  'site_a',
  z.looseObject({
    // null: the page states the hotel has no review score (its PropertyReview is null).
    totalScore: z
      .looseObject({
        score: z.number().min(0).max(10).nullish(),
        reviewsCount: z.number().int().min(0).nullish(),
      })
      .nullable()
      .optional(),
    questions: z
      .array(
        z.looseObject({
          question: z.looseObject({ question: z.string().min(1) }),
          customerType: z.string().min(1),
          scoreSegment: z
            .looseObject({
              score: z.number().min(0).max(10).nullish(),
              reviewsCount: z.number().int().min(0).nullish(),
            })
            .nullish(),
        }),
      )
      .nullish(),
    ratingScores: z
      .array(z.looseObject({ name: z.string().min(1), value: z.number().min(0).max(10) }))
      .nullish(),
    reviewSummary: z
      .looseObject({ pros: z.array(Mention).nullish(), cons: z.array(Mention).nullish() })
      .nullable()
      .optional(),
  }),
  'the hotel page',
);
export type ScoresView = z.output<typeof ScoresView>;

/**
 * The plain object the scores reader reads, from a page's cache entries.
 * @example scoresView(hotelPageData(html)).totalScore
 */
export function scoresView(page: HotelPageData): Record<string, unknown> {
  const review = at(page.extended, 'propertyReview');
  return {
    totalScore: review === null ? null : at(review, 'totalScore'),
    questions: at(review, 'questions'),
    ratingScores: at(page.reviews, 'ratingScores'),
    reviewSummary: at(page.reviews, 'reviewSummary'),
  };
}

/** The page's category names: in `ratingScores` (the hotel's) and in the questions (a traveller kind's). */
const RATING_NAMES: Record<keyof SiteACategories, string> = {
  staff: 'hotel_staff',
  facilities: 'hotel_services',
  cleanliness: 'hotel_clean',
  comfort: 'hotel_comfort',
  value_for_money: 'hotel_value',
  location: 'hotel_location',
  wifi: 'hotel_free_wifi',
};
const QUESTION_NAMES: Record<keyof SiteACategories, string> = { ...RATING_NAMES, wifi: 'hotel_wifi' };
const TRAVELERS = { all: 'TOTAL', couple: 'COUPLE', solo: 'SOLO_TRAVELLER', group: 'GROUP' } as const;

const round1 = (n: number) => Math.round(n * 10) / 10;
const plain = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

function categories(score: (name: string) => number | null | undefined, names: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(names).map(([key, name]) => {
      const value = score(name);
      return [key, value === null || value === undefined ? null : round1(value)];
    }),
  ) as SiteACategories;
}

/** The review list's facets: score bands and languages, counted. */
export const ReviewFacets = tolerant(
  'site_a',
  z.looseObject({
    reviewScoreFilter: z
      .array(
        z.looseObject({
          name: z.string().min(1),
          value: z.string().nullish(),
          count: z.number().int().min(0),
        }),
      )
      .nullish(),
    languageFilter: z
      .array(z.looseObject({ value: z.string(), count: z.number().int().min(0), name: z.string().nullish() }))
      .nullish(),
  }),
  'the review list facets',
);
export type ReviewFacets = z.output<typeof ReviewFacets>;

/**
 * The distribution and languages of the facets; the "no filter" option (value '' or ALL) is not a band nor
 * a language. A facet the answer lacks is null.
 * @example facetsOf(read).languages // [{ language: 'en', count: 31 }, …]
 */
export function facetsOf(f: ReviewFacets): Pick<SiteAHotelScores, 'distribution' | 'languages'> {
  const isAll = (value: string | null | undefined) => value === '' || value === 'ALL';
  // One option stands for "no filter"; several are values the answer lost.
  for (const list of [f.reviewScoreFilter, f.languageFilter])
    if ((list ?? []).filter((o) => isAll(o.value)).length > 1)
      throw new ExtractionError('site_a', 'the review list facets have several options without a value');
  return {
    distribution: f.reviewScoreFilter
      ? f.reviewScoreFilter.filter((b) => !isAll(b.value)).map((b) => ({ label: b.name, count: b.count }))
      : null,
    languages: f.languageFilter
      ? f.languageFilter.filter((l) => !isAll(l.value)).map((l) => ({ language: l.value, count: l.count }))
      : null,
  };
}

/**
 * A hotel's scores in the contract's terms, or undefined when the page states it has none (its review
 * summary null, or no review). A page with other scores but not the overall has `overall` null; one with
 * no score at all, not stating it has none, lost them: an error.
 * @example toScores(conform('site_a', ScoresView, scoresView(page), 'the hotel page'), '1007790', facets)?.overall
 */
export function toScores(
  v: ScoresView,
  hotelId: string,
  facets: Pick<SiteAHotelScores, 'distribution' | 'languages'>,
): SiteAHotelScores | undefined {
  const total = v.totalScore;
  // No scores only where the page says so (no review, or a review summary it states as null); a page that
  // lost its overall score is a changed page, never "no scores".
  if (total === null || total?.reviewsCount === 0) return undefined;
  const overall = total?.score ?? null;
  const rating = new Map((v.ratingScores ?? []).map((r) => [r.name, r.value]));
  const someScore =
    rating.size > 0 || (v.questions ?? []).some((q) => typeof q.scoreSegment?.score === 'number');
  if (overall === null && !someScore)
    throw new ExtractionError('site_a', "the hotel page's review scores lack every score");
  const byTraveler = Object.fromEntries(
    Object.entries(TRAVELERS).map(([key, type]) => {
      const own = (v.questions ?? []).filter((q) => q.customerType === type);
      if (own.length === 0) return [key, null];
      const score = (name: string) => own.find((q) => q.question.question === name)?.scoreSegment;
      const overall = score('total');
      return [
        key,
        {
          count: overall?.reviewsCount ?? null,
          overall: overall?.score === null || overall?.score === undefined ? null : round1(overall.score),
          categories: categories((name) => score(name)?.score, QUESTION_NAMES),
        },
      ];
    }),
  ) as SiteAHotelScores['by_traveler_type'];
  const summary = v.reviewSummary;
  const mentions = (list: z.output<typeof Mention>[] | null | undefined) =>
    list
      ? list
          .map((m) => ({ text: plain(m.description), mentions: m.numberOfMentions ?? null }))
          .filter((m) => m.text)
      : null;
  return {
    hotel_id: hotelId,
    overall: overall === null ? null : round1(overall),
    review_count: total?.reviewsCount ?? null,
    categories: categories((name) => rating.get(name), RATING_NAMES),
    by_traveler_type: byTraveler,
    ...facets,
    pros: summary ? mentions(summary.pros) : null,
    cons: summary ? mentions(summary.cons) : null,
  };
}
